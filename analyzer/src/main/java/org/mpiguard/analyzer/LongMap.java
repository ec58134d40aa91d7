package org.mpiguard.analyzer;

import java.util.Arrays;

/**
 * A map from long keys (request ids, handles, thread ids) to values, without a boxed key or an
 * entry object per mapping: the streaming analysis looks one up for nearly every event it
 * reads, on every rank. Open addressing with linear probing; a removal shifts the entries
 * after it back, so there are no tombstones. Not ordered: its users never iterate it where
 * the order would show.
 */
public final class LongMap<V> {

    private long[] keys;
    private Object[] values;
    private int size;
    private int mask;

    public LongMap() {
        keys = new long[8];
        values = new Object[8];
        mask = 7;
    }

    public int size() {
        return size;
    }

    @SuppressWarnings("unchecked")
    public V get(long key) {
        for (int i = slot(key); ; i = i + 1 & mask) {
            Object v = values[i];
            if (v == null || keys[i] == key) {
                return (V) v;
            }
        }
    }

    public boolean containsKey(long key) {
        return get(key) != null;
    }

    /** Maps {@code key} to {@code value} (never null); the value it had, or null. */
    @SuppressWarnings("unchecked")
    public V put(long key, V value) {
        if (value == null) {
            throw new IllegalArgumentException("null value");
        }
        int i = slot(key);
        while (values[i] != null) {
            if (keys[i] == key) {
                V old = (V) values[i];
                values[i] = value;
                return old;
            }
            i = i + 1 & mask;
        }
        keys[i] = key;
        values[i] = value;
        if (++size * 4 > keys.length * 3) {
            grow();
        }
        return null;
    }

    /** Forgets {@code key}; the value it had, or null. */
    @SuppressWarnings("unchecked")
    public V remove(long key) {
        int i = slot(key);
        while (values[i] != null && keys[i] != key) {
            i = i + 1 & mask;
        }
        V old = (V) values[i];
        if (old == null) {
            return null;
        }
        size--;
        // shift back the entries that probed past the freed slot
        int hole = i;
        for (int j = hole + 1 & mask; values[j] != null; j = j + 1 & mask) {
            int home = slot(keys[j]);
            if ((j - home & mask) >= (j - hole & mask)) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        values[hole] = null;
        return old;
    }

    /** Adds every value to {@code into}, in no particular order (no lambda: the end-of-run path links none). */
    @SuppressWarnings("unchecked")
    public void addValuesTo(java.util.Collection<? super V> into) {
        for (Object v : values) {
            if (v != null) {
                into.add((V) v);
            }
        }
    }

    public void clear() {
        Arrays.fill(values, null);
        size = 0;
    }

    private int slot(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ h >>> 32) & mask;
    }

    @SuppressWarnings("unchecked")
    private void grow() {
        long[] oldKeys = keys;
        Object[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new Object[oldValues.length * 2];
        mask = keys.length - 1;
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != null) {
                put(oldKeys[i], (V) oldValues[i]);
            }
        }
    }
}
