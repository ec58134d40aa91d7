package org.mpiguard.analyzer;

import java.util.BitSet;

/**
 * The replay spread over blocks of ranks, each stepping only its own ranks, in rounds: every
 * block takes what the others shipped in the last round, then steps its ranks as far as they
 * go. Shipments therefore arrive in causal order (anything that happens before an event
 * replayed in one block was shipped by its own block in an earlier round, or replayed here),
 * which is what lets each check judge where its data lives. When no block can step and
 * nothing is in flight, the job's traces are read further, absent collective members are
 * excluded, or the lowest waiting rank is forced, as the one-process replay does.
 *
 * <p>The blocks run in one process here (the shipments are handed over in memory): this is
 * the spread analysis's logic, shown to give the one-process findings; shipping them between
 * processes is the next step (docs/scale.md).
 */
final class SpreadReplay {

    private final ReplayBlock[] blocks;
    private final int[] ownerOf;

    SpreadReplay(ReplayBlock[] blocks, int[] ownerOf) {
        this.blocks = blocks;
        this.ownerOf = ownerOf;
    }

    /** The first rank of each of {@code count} blocks of {@code world} ranks, and the end: contiguous, even shares. */
    static int[] bounds(int world, int count) {
        int n = Math.max(1, Math.min(count, Math.max(1, world)));
        int[] bounds = new int[n + 1];
        for (int b = 0; b <= n; b++) {
            bounds[b] = (int) ((long) world * b / n);
        }
        return bounds;
    }

    /** Runs every block's replay to its end. */
    void run() {
        StreamReplay.Calls calls = new StreamReplay.Calls() {
            @Override
            public boolean calls(int rank, long comm, long ring) {
                int b = rank >= 0 && rank < ownerOf.length ? ownerOf[rank] : -1;
                return b >= 0 && blocks[b].replay.calls(rank, comm, ring);
            }
        };
        while (true) {
            boolean progress = false;
            for (ReplayBlock b : blocks) {
                progress |= b.deliver();
            }
            for (ReplayBlock b : blocks) {
                progress |= b.replay.sweep();
            }
            boolean left = false;
            boolean inFlight = false;
            for (ReplayBlock b : blocks) {
                left |= b.replay.left();
                inFlight |= !b.inbox.isEmpty();
            }
            if (!left && !inFlight) {
                break;
            }
            if (progress || inFlight) {
                continue;
            }
            if (!readAhead(false) && !readAhead(true) && !exclude(calls)) {
                for (ReplayBlock b : blocks) {
                    if (b.replay.force()) {
                        break;
                    }
                }
            }
        }
        for (ReplayBlock b : blocks) {
            b.replay.end();
        }
    }

    private boolean readAhead(boolean all) {
        boolean any = false;
        for (ReplayBlock b : blocks) {
            any |= b.replay.readAhead(all);
        }
        return any;
    }

    private boolean exclude(StreamReplay.Calls calls) {
        boolean any = false;
        for (ReplayBlock b : blocks) {
            any |= b.replay.excludeAbsentMembers(calls);
        }
        return any;
    }

    /** One block's shipments to the others, handed over in memory in the order it makes them. */
    static final class InProcess implements ReplayShipping, StreamingMatch.Router {
        private final int self;
        private final ReplayBlock[] blocks;
        private final int[] ownerOf;
        private final int[] bounds;

        InProcess(int self, ReplayBlock[] blocks, int[] ownerOf, int[] bounds) {
            this.self = self;
            this.blocks = blocks;
            this.ownerOf = ownerOf;
            this.bounds = bounds;
        }

        void ship(int rank, ReplayBlock.Shipment s) {
            blocks[ownerOf[rank]].inbox.add(s);
        }

        private void shipToOthers(ReplayBlock.Shipment s) {
            for (int b = 0; b < blocks.length; b++) {
                if (b != self) {
                    blocks[b].inbox.add(s);
                }
            }
        }

        @Override
        public boolean remote(int rank) {
            return ownerOf[rank] != self;
        }

        @Override
        public void posted(SendEvent s) {
            SendEvent copy = s.shippedCopy();
            ship(s.dest, new ReplayBlock.Shipment() {
                @Override
                public void deliverTo(ReplayBlock block) {
                    block.sendPosted(copy);
                }
            });
        }

        @Override
        public void left(SendEvent s) {
            SendEvent copy = s.shippedCopy();
            ship(s.dest, new ReplayBlock.Shipment() {
                @Override
                public void deliverTo(ReplayBlock block) {
                    block.sendLeft(copy);
                }
            });
        }

        @Override
        public void ended(int rank) {
            shipToOthers(new ReplayBlock.Shipment() {
                @Override
                public void deliverTo(ReplayBlock block) {
                    block.ended(rank);
                }
            });
        }

        @Override
        public void sendReplayed(SendEvent s) {
            int rank = s.rank;
            int index = s.index;
            int known = s.knownOfDest;
            int[][] clock = s.clock;
            ship(s.dest, new ReplayBlock.Shipment() {
                @Override
                public void deliverTo(ReplayBlock block) {
                    block.sendReplayed(rank, index, known, clock);
                }
            });
        }

        @Override
        public void arrived(Collectives.Key key, BitSet expected, java.util.List<CollectiveEvent> arrivals,
                            int[][] gathered) {
            BitSet members = (BitSet) expected.clone();
            ReplayBlock.Shipment s = new ReplayBlock.Shipment() {
                @Override
                public void deliverTo(ReplayBlock block) {
                    block.replay.arrivedElsewhere(key, members, arrivals, gathered);
                }
            };
            for (int b = 0; b < blocks.length; b++) {
                int q = members.nextSetBit(bounds[b]);
                if (b != self && q >= 0 && q < bounds[b + 1]) {
                    blocks[b].inbox.add(s);
                }
            }
        }

        @Override
        public void pscwLeft(int partner, long win, int target, int origin, boolean post, int[][] clock) {
            ship(partner, new ReplayBlock.Shipment() {
                @Override
                public void deliverTo(ReplayBlock block) {
                    block.replay.pscwArrived(win, target, origin, post, clock);
                }
            });
        }

        @Override
        public void finished(int rank) {
            shipToOthers(new ReplayBlock.Shipment() {
                @Override
                public void deliverTo(ReplayBlock block) {
                    block.finished(rank);
                }
            });
        }

        @Override
        public boolean reports(int lowest) {
            return lowest < 0 ? self == 0 : ownerOf[lowest] == self;
        }
    }
}
