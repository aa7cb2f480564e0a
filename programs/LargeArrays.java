/*
 * LargeArrays -- allocate, touch and drop multi-megabyte arrays interleaved
 * with small objects.
 *
 * GC behaviour exercised:
 *   - Humongous / large-object allocation: int[], long[], double[] and
 *     Object[] arrays of 1-8 MB at the default size (candidates for a
 *     region collector's humongous regions, for direct old-space or
 *     large-object-space allocation, and expensive to copy for a semispace
 *     collector).  Each big array lives for about two iterations (the
 *     current and the previous one are reachable), then dies.
 *   - Free-space fragmentation for non-moving collectors: big blocks of
 *     varying sizes are freed between small, longer-lived objects.
 *   - Large Object[] arrays are filled with pointers to freshly allocated
 *     small objects: a big (possibly old/humongous) array holding many
 *     references to young objects, which stresses card marking and
 *     remembered sets for large objects.
 *   - Small objects are allocated in between (short linked lists), and the
 *     lists of the last 8 iterations are kept alive, so small objects get
 *     interleaved with, and outlive, the big arrays.
 *
 * Size argument (args[0], default 8): 20 * size big arrays are allocated.
 *   Array sizes are (1..8) * unit bytes with unit = min(1 MB, size * 256 KB),
 *   i.e. 1-8 MB from size 4 on and 256 KB - 2 MB at size 1.
 * Peak live size at the default size: about 17 MB (the previous and the
 *   current big array, up to 8 MB each, plus under 1 MB of small objects);
 *   at size 1 about 4.5 MB.  HotSpot's serial collector needs -Xmx24m to run
 *   the default size.
 *
 * Prints: how many arrays of each kind were allocated, total megabytes
 *   allocated in big arrays, and a checksum of the arrays' contents.
 */
import java.util.Arrays;
import java.util.Random;

public class LargeArrays {

    static final class Small {
        final int value;
        final Small next;

        Small(int value, Small next) {
            this.value = value;
            this.next = next;
        }
    }

    static final class Box {
        final long id;
        final int[] extra;

        Box(long id) {
            this.id = id;
            this.extra = new int[] {(int) id, (int) (id >>> 7)};
        }
    }

    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        if (size < 1) {
            size = 1;
        }
        int count = 20 * size;
        int unit = Math.min(1 << 20, size * (1 << 18));
        Random rnd = new Random(31337L);

        Object previous = null;
        Object current = null;
        Small[] recentLists = new Small[8];
        long[] kinds = new long[4];
        long totalBytes = 0;
        long checksum = 0;

        for (int it = 0; it < count; it++) {
            int bytes = (1 + rnd.nextInt(8)) * unit;
            int kind = rnd.nextInt(4);
            kinds[kind]++;
            totalBytes += bytes;
            long h = 0;
            previous = current;
            current = null;
            switch (kind) {
                case 0: {
                    int[] a = new int[bytes / 4];
                    Arrays.fill(a, it);
                    for (int i = 0; i < a.length; i += 7) {
                        a[i] = i * 31 + it;
                    }
                    if (previous instanceof int[]) {
                        int[] p = (int[]) previous;
                        int n = Math.min(p.length, a.length) / 2;
                        System.arraycopy(p, 0, a, a.length - n, n);
                    }
                    for (int i = 0; i < a.length; i += 61) {
                        h = h * 31 + a[i];
                    }
                    current = a;
                    break;
                }
                case 1: {
                    long[] a = new long[bytes / 8];
                    for (int i = 0; i < a.length; i += 3) {
                        a[i] = ((long) i << 20) ^ it;
                    }
                    for (int i = a.length - 1; i >= 0; i -= 41) {
                        h = h * 31 + a[i];
                    }
                    current = a;
                    break;
                }
                case 2: {
                    double[] a = new double[bytes / 8];
                    Arrays.fill(a, 0.5);
                    for (int i = 0; i < a.length; i += 5) {
                        a[i] = i * 0.25 + it;
                    }
                    double sum = 0;
                    for (int i = 0; i < a.length; i += 37) {
                        sum += a[i];
                    }
                    h = (long) sum;
                    current = a;
                    break;
                }
                default: {
                    // Object[] of about the same size in bytes (8-byte slots assumed).
                    Object[] a = new Object[bytes / 8];
                    for (int i = 0; i < a.length; i += 16) {
                        a[i] = (i & 16) == 0 ? (Object) new Box(((long) it << 32) + i) : Integer.valueOf(i + it);
                    }
                    for (int i = 0; i < a.length; i += 48) {
                        Object o = a[i];
                        if (o instanceof Box) {
                            Box b = (Box) o;
                            h = h * 31 + b.id + b.extra[1];
                        } else if (o != null) {
                            h = h * 31 + (Integer) o;
                        }
                    }
                    current = a;
                    break;
                }
            }
            checksum = checksum * 1000003 + h;

            // Small objects between the big ones; the last 8 lists stay alive.
            Small list = null;
            int n = 1000 + rnd.nextInt(3000);
            for (int i = 0; i < n; i++) {
                list = new Small(i ^ it, list);
            }
            recentLists[it % recentLists.length] = list;
            long s = 0;
            for (Small x = recentLists[(it + 1) % recentLists.length]; x != null; x = x.next) {
                s += x.value;
            }
            checksum += s;
        }

        System.out.println("LargeArrays size=" + size + " arrays=" + count + " unit=" + unit);
        System.out.println("int[] " + kinds[0] + ", long[] " + kinds[1] + ", double[] " + kinds[2]
                + ", Object[] " + kinds[3]);
        System.out.println("big-array megabytes allocated " + (totalBytes >> 20));
        System.out.println("checksum " + Long.toString(checksum));
    }
}
