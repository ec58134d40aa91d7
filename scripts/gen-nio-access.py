#!/usr/bin/env python3
"""Writes advice/.../buffers/NioAccess.java: one trampoline per java.nio buffer accessor,
and NioLoopAccess.java: the element accessors of loops whose accesses are recorded at the
loop's entry (AccessLoops), which then record nothing themselves.

Run from the project root after changing the shapes below; the output is committed, and
advice's NioAccessGeneratedTest fails while it differs from what this script writes (an
optional argument names another output directory; the test writes to a temporary one).
Each trampoline costs one plain read of BufferWatch.watching while no buffer is in use
by MPI, then makes the call the program made.
"""
TYPES = [("Byte", "byte", 1), ("Char", "char", 2), ("Short", "short", 2), ("Int", "int", 4),
         ("Long", "long", 8), ("Float", "float", 4), ("Double", "double", 8)]

out = []
def tramp(buf, name, params, ret, loads, call_args, store=None):
    """loads: load checks; store: (first element, element count, width, the BufferWatch.store*
    call given the names storeAt and storeCount) of the store, if any. The store call hands
    the watch what is stored (the value's raw bits, or the array or buffer it copies from),
    which the trace hashes when the store lands in window memory. A store into memory MPI
    writes may be judged at the operation's completion: then the store is made here and what
    it left is handed back to the watch (BufferWatch.stored)."""
    sig = ", ".join([f"{buf} b"] + [f"{t} {n}" for t, n in params] + ["int site"])
    call = f"b.{name}({', '.join(call_args)})"
    body = []
    body.append("        if (BufferWatch.watching) {")
    for c in loads:
        body.append(f"            {c};")
    if store is not None:
        at, n, w, record = store
        body.append(f"            int storeAt = {at};")
        body.append(f"            int storeCount = {n};")
        body.append(f"            if ({record}) {{")
        if ret == "void":
            body.append(f"                {call};")
            body.append(f"                BufferWatch.stored(b, storeAt, storeCount, {w}, site);")
            body.append("                return;")
        else:
            body.append(f"                {ret} r = {call};")
            body.append(f"                BufferWatch.stored(b, storeAt, storeCount, {w}, site);")
            body.append("                return r;")
        body.append("            }")
    body.append("        }")
    ret_kw = "" if ret == "void" else "return "
    body.append(f"        {ret_kw}{call};")
    out.append(f"    public static {ret} {buf}${name}({sig}) {{\n" + "\n".join(body) + "\n    }\n")

def bits(e, v):
    """The value's raw bits as a long, for the watch's value hash of stores into window memory."""
    return {"float": f"Float.floatToRawIntBits({v})", "double": f"Double.doubleToRawLongBits({v})"}.get(e, v)

for T, e, w in TYPES:
    B = T + "Buffer"
    L = lambda at, n, buf="b": f"BufferWatch.load({buf}, {at}, {n}, {w}, site)"
    V = lambda at: (at, 1, w, f"BufferWatch.storeValue(b, storeAt, storeCount, {w}, {bits(e, 'v')}, {w}, site)")
    A = lambda at, n, o: (at, n, w, f"BufferWatch.storeArray(b, storeAt, storeCount, {w}, a, {o}, site)")
    S = lambda at, n, o: (at, n, w, f"BufferWatch.storeBuffer(b, storeAt, storeCount, {w}, src, {o}, site)")
    tramp(B, "get", [], e, [L("b.position()", 1)], [])
    tramp(B, "get", [("int", "i")], e, [L("i", 1)], ["i"])
    tramp(B, "get", [(e + "[]", "a")], B, [L("b.position()", "a.length")], ["a"])
    tramp(B, "get", [(e + "[]", "a"), ("int", "o"), ("int", "n")], B, [L("b.position()", "n")], ["a", "o", "n"])
    tramp(B, "get", [("int", "i"), (e + "[]", "a")], B, [L("i", "a.length")], ["i", "a"])
    tramp(B, "get", [("int", "i"), (e + "[]", "a"), ("int", "o"), ("int", "n")], B, [L("i", "n")], ["i", "a", "o", "n"])
    tramp(B, "put", [(e, "v")], B, [], ["v"], V("b.position()"))
    tramp(B, "put", [("int", "i"), (e, "v")], B, [], ["i", "v"], V("i"))
    tramp(B, "put", [(e + "[]", "a")], B, [], ["a"], A("b.position()", "a.length", "0"))
    tramp(B, "put", [(e + "[]", "a"), ("int", "o"), ("int", "n")], B, [], ["a", "o", "n"], A("b.position()", "n", "o"))
    tramp(B, "put", [("int", "i"), (e + "[]", "a")], B, [], ["i", "a"], A("i", "a.length", "0"))
    tramp(B, "put", [("int", "i"), (e + "[]", "a"), ("int", "o"), ("int", "n")], B, [], ["i", "a", "o", "n"],
          A("i", "n", "o"))
    tramp(B, "put", [(B, "src")], B, [L("src.position()", "src.remaining()", "src")], ["src"],
          S("b.position()", "src.remaining()", "src.position()"))
    tramp(B, "put", [("int", "i"), (B, "src"), ("int", "o"), ("int", "n")], B, [L("o", "n", "src")],
          ["i", "src", "o", "n"], S("i", "n", "o"))

# ByteBuffer's typed accessors: offsets in bytes, each touching the type's width.
for T, e, w in TYPES[1:]:
    name = T if T != "Int" else "Int"
    L = lambda at: f"BufferWatch.load(b, {at}, {w}, 1, site)"
    V = lambda at: (at, w, 1, f"BufferWatch.storeValue(b, storeAt, storeCount, 1, {bits(e, 'v')}, {w}, site)")
    tramp("ByteBuffer", "get" + name, [], e, [L("b.position()")], [])
    tramp("ByteBuffer", "get" + name, [("int", "i")], e, [L("i")], ["i"])
    tramp("ByteBuffer", "put" + name, [(e, "v")], "ByteBuffer", [], ["v"], V("b.position()"))
    tramp("ByteBuffer", "put" + name, [("int", "i"), (e, "v")], "ByteBuffer", [], ["i", "v"], V("i"))

# The element accessors a loop's entry records (the agent's LoopShape): the pending uses only.
loop_out = []
for T, e, w in TYPES:
    B = T + "Buffer"
    loop_out.append(f"""    public static {e} {B}$get({B} b, int i, int site) {{
        if (BufferWatch.loopChecks) {{
            BufferWatch.loopLoad(b, i, 1, {w}, site);
        }}
        return b.get(i);
    }}
""")
    loop_out.append(f"""    public static {B} {B}$put({B} b, int i, {e} v, int site) {{
        if (BufferWatch.loopChecks && BufferWatch.loopStore(b, i, 1, {w}, site)) {{
            {B} r = b.put(i, v);
            BufferWatch.stored(b, i, 1, {w}, site);
            return r;
        }}
        return b.put(i, v);
    }}
""")

imports = "\n".join(f"import java.nio.{T}Buffer;" for T, _, _ in TYPES)
src = """package org.mpiguard.advice.buffers;

IMPORTS

/**
 * GENERATED by scripts/gen-nio-access.py: do not edit by hand.
 *
 * <p>The agent rewrites, in included classes, each call of a {@code java.nio} buffer
 * accessor into the trampoline here named {@code Owner$method} with the same arguments
 * plus the call site's id. While no buffer is in use by MPI a trampoline costs one plain
 * read of {@link BufferWatch#watching}; otherwise it hands the touched element range
 * (first element, element count, element width in bytes) to the watch before the access,
 * for a store what it stores (the value's raw bits, or the array or buffer it copies from),
 * which the trace hashes when the store lands in window memory, and after a store the watch
 * asked to judge later, the same range again.
 * The agent finds these by reflection, so a shape missing here is simply not rewritten.
 */
public final class NioAccess {

    private NioAccess() {
    }

BODY}
""".replace("IMPORTS", imports).replace("BODY", chr(10).join(out))
loop_src = """package org.mpiguard.advice.buffers;

IMPORTS

/**
 * GENERATED by scripts/gen-nio-access.py: do not edit by hand.
 *
 * <p>The element accessors ({@code get(int)}, {@code put(int, value)}) of a counted loop whose
 * accesses the agent judges and records once, at the loop's entry ({@link AccessLoops}): the same shapes
 * as {@link NioAccess}, which they replace at those calls only, without the recording. When the
 * loop's entry found its range clear of every pending use (or none pending), one costs one plain
 * read of {@link BufferWatch#loopChecks}; otherwise the access is judged against the pending uses as
 * {@link NioAccess}'s is.
 */
public final class NioLoopAccess {

    private NioLoopAccess() {
    }

BODY}
""".replace("IMPORTS", imports).replace("BODY", chr(10).join(loop_out))
import os
import sys
target = sys.argv[1] if len(sys.argv) > 1 else "advice/src/main/java/org/mpiguard/advice/buffers"
open(os.path.join(target, "NioAccess.java"), "w").write(src)
open(os.path.join(target, "NioLoopAccess.java"), "w").write(loop_src)
