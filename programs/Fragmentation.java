/*
 * Fragmentation -- deliberately fragments the heap with interleaved
 * lifetimes and growing object sizes.
 *
 * GC behaviour exercised:
 *   - Free-space fragmentation: a long-lived table holds blocks (int[] /
 *     long[] arrays) of mixed sizes allocated back to back.  Each round
 *     frees every other block (a checkerboard of holes between survivors)
 *     and then refills the freed slots with blocks that are somewhat larger
 *     than the holes they leave, so the holes cannot be reused directly.  A
 *     non-moving collector (mark-sweep) sees free memory scattered in small
 *     pieces and must either coalesce, fall back to compaction, or grow;
 *     a compacting/copying collector slides the survivors together.
 *   - Size classes drift over the run (small blocks early, bigger ones
 *     later, then back), so a segregated-fit allocator's free lists for one
 *     size class go unused while another class runs short.
 *   - Survivors live for a varying number of rounds (a block is freed when
 *     its slot's parity matches the round), mixing young and old objects
 *     in the same region of memory.
 *   - Steady small garbage (boxed Longs and tiny arrays) between rounds.
 *
 * Size argument (args[0], default 8): the table has 2000 * size slots
 *   (capped at 12000) and 20 * size rounds are run; block sizes go from
 *   16 bytes to about 2 KB.
 * Peak live size at the default size: about 13 MB near the end of the
 *   big-block phase (12000 blocks averaging ~1.1 KB); the program prints its
 *   own count of live block bytes.
 *
 * Prints: rounds, blocks allocated, total megabytes allocated for blocks,
 *   live bytes in the table at three checkpoints and at its peak (as the
 *   program itself counts them: array payload only), and a checksum of
 *   block contents.
 */
import java.util.ArrayList;
import java.util.Random;

public class Fragmentation {

    /** Size (in ints) of a block for a given round: drifts up and down. */
    static int blockInts(Random rnd, int round, int rounds) {
        int phase = (round * 4) / Math.max(1, rounds); // 0..3
        int base;
        switch (phase) {
            case 0:
                base = 4;
                break;
            case 1:
                base = 48;
                break;
            case 2:
                base = 128;
                break;
            default:
                base = 32;
                break;
        }
        return base + rnd.nextInt(base + 64);
    }

    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        if (size < 1) {
            size = 1;
        }
        int slots = Math.min(12000, 2000 * size);
        int rounds = 20 * size;
        Random rnd = new Random(4242L);
        Object[] table = new Object[slots];
        long liveBytes = 0;
        long peakLive = 0;
        long allocatedBytes = 0;
        long blocks = 0;
        long checksum = 0;
        StringBuilder checkpoints = new StringBuilder();

        // Initial fill: blocks of mixed size back to back.
        for (int i = 0; i < slots; i++) {
            int n = blockInts(rnd, 0, rounds);
            table[i] = makeBlock(n, i, (i % 3) == 0);
            liveBytes += bytesOf(table[i]);
            allocatedBytes += bytesOf(table[i]);
            blocks++;
        }

        for (int round = 0; round < rounds; round++) {
            // Free every other block (which half depends on the round) ...
            int parity = round & 1;
            int stride = 2 + (round % 3); // also vary the hole pattern: 1 of 2, 3 or 4
            for (int i = parity; i < slots; i += stride) {
                Object b = table[i];
                if (b != null) {
                    checksum = checksum * 31 + digest(b);
                    liveBytes -= bytesOf(b);
                    table[i] = null;
                }
            }
            // ... some short-lived garbage in between ...
            ArrayList<Long> scratch = new ArrayList<>();
            for (int i = 0; i < 2000; i++) {
                scratch.add(Long.valueOf(((long) round << 32) + i * 977L));
            }
            long s = 0;
            for (Long v : scratch) {
                s += v;
            }
            checksum += s;
            // ... then refill the holes with larger blocks.
            for (int i = parity; i < slots; i += stride) {
                int n = blockInts(rnd, round, rounds);
                Object prevNeighbour = table[i > 0 ? i - 1 : slots - 1];
                if (prevNeighbour instanceof int[]) {
                    n += ((int[]) prevNeighbour).length / 4; // a bit bigger than a typical hole
                }
                Object b = makeBlock(n, i + round, ((i + round) % 3) == 0);
                table[i] = b;
                liveBytes += bytesOf(b);
                allocatedBytes += bytesOf(b);
                blocks++;
            }
            if (liveBytes > peakLive) {
                peakLive = liveBytes;
            }
            if (round == rounds / 4 || round == rounds / 2 || round == rounds - 1) {
                if (checkpoints.length() > 0) {
                    checkpoints.append(", ");
                }
                checkpoints.append(liveBytes);
            }
        }

        long tableDigest = 0;
        for (Object b : table) {
            tableDigest = tableDigest * 1000003 + digest(b);
        }
        System.out.println("Fragmentation size=" + size + " slots=" + slots + " rounds=" + rounds);
        System.out.println("blocks allocated " + blocks + ", block megabytes " + (allocatedBytes >> 20));
        System.out.println("live block bytes at 1/4, 1/2, end: " + checkpoints + "; peak " + peakLive);
        System.out.println("checksum " + Long.toString(checksum) + " table " + Long.toString(tableDigest));
    }

    static Object makeBlock(int ints, int seed, boolean asLongs) {
        if (asLongs) {
            long[] a = new long[(ints + 1) / 2];
            for (int i = 0; i < a.length; i += 4) {
                a[i] = ((long) seed << 24) + i;
            }
            a[a.length - 1] = seed;
            return a;
        }
        int[] a = new int[ints];
        for (int i = 0; i < a.length; i += 4) {
            a[i] = seed * 7 + i;
        }
        a[a.length - 1] = seed;
        return a;
    }

    static long bytesOf(Object b) {
        if (b instanceof int[]) {
            return ((int[]) b).length * 4L;
        }
        if (b instanceof long[]) {
            return ((long[]) b).length * 8L;
        }
        return 0;
    }

    static long digest(Object b) {
        if (b instanceof int[]) {
            int[] a = (int[]) b;
            return a.length * 31L + a[a.length - 1] + a[0];
        }
        if (b instanceof long[]) {
            long[] a = (long[]) b;
            return a.length * 37L + a[a.length - 1] + a[0];
        }
        return 1;
    }
}
