/**
 * A meteor-contest-like puzzle solver: counts every way to tile a 5 x w board with w distinct
 * pentominoes (each in any of its rotations and reflections). The board and the placements are
 * long bitmasks; the search is int-array and long bit-operation work (and, xor, shifts,
 * numberOfTrailingZeros), as in the Benchmarks Game's meteor. Default w = 7.
 */
public class Meteor {
    static final int ROWS = 5;
    // The twelve pentominoes, each as five (row, column) cells.
    static final int[][] PIECES = {
        {0, 0, 0, 1, 0, 2, 0, 3, 0, 4}, // I
        {0, 0, 1, 0, 1, 1, 1, 2, 1, 3}, // L
        {0, 1, 1, 0, 1, 1, 1, 2, 1, 3}, // Y
        {0, 0, 0, 1, 1, 1, 1, 2, 1, 3}, // N
        {0, 0, 0, 1, 1, 0, 1, 1, 2, 0}, // P
        {0, 0, 0, 1, 0, 2, 1, 1, 2, 1}, // T
        {0, 0, 0, 2, 1, 0, 1, 1, 1, 2}, // U
        {0, 0, 1, 0, 2, 0, 2, 1, 2, 2}, // V
        {0, 0, 1, 0, 1, 1, 2, 1, 2, 2}, // W
        {0, 1, 1, 0, 1, 1, 1, 2, 2, 1}, // X
        {0, 1, 0, 2, 1, 0, 1, 1, 2, 1}, // F
        {0, 0, 0, 1, 1, 1, 2, 1, 2, 2}, // Z
    };

    static int width;
    static long full;
    // Placements grouped by the board cell that is their lowest set bit.
    static long[] masks;
    static int[] pieceOf;
    static int[] firstAt;
    static int[] used = new int[12];
    static int[] order = new int[16];
    static int solutions;
    static long checksum;

    public static void main(String[] args) {
        width = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int cells = ROWS * width;
        full = cells == 64 ? -1L : (1L << cells) - 1;
        buildPlacements(cells);
        solve(0L, 0);
        System.out.println(masks.length + " placements");
        System.out.println(solutions + " solutions on a 5x" + width + " board, checksum " + checksum);
    }

    static void buildPlacements(int cells) {
        long[] m = new long[4096];
        int[] p = new int[4096];
        int[] anchor = new int[4096];
        int n = 0;
        for (int piece = 0; piece < PIECES.length; piece++) {
            long[] seen = new long[8];
            int seenCount = 0;
            for (int t = 0; t < 8; t++) {
                int[] rs = new int[5];
                int[] cs = new int[5];
                int minR = 99, minC = 99;
                for (int i = 0; i < 5; i++) {
                    int r = PIECES[piece][2 * i], c = PIECES[piece][2 * i + 1];
                    if ((t & 1) != 0) { int x = r; r = c; c = x; }
                    if ((t & 2) != 0) r = -r;
                    if ((t & 4) != 0) c = -c;
                    rs[i] = r;
                    cs[i] = c;
                    minR = Math.min(minR, r);
                    minC = Math.min(minC, c);
                }
                long shape = 0;
                for (int i = 0; i < 5; i++) {
                    rs[i] -= minR;
                    cs[i] -= minC;
                    shape |= 1L << (rs[i] * 8 + cs[i]);
                }
                boolean dup = false;
                for (int i = 0; i < seenCount; i++) {
                    dup |= seen[i] == shape;
                }
                if (dup) continue;
                seen[seenCount++] = shape;
                for (int dr = 0; dr < ROWS; dr++) {
                    for (int dc = 0; dc < width; dc++) {
                        long mask = 0;
                        boolean fits = true;
                        for (int i = 0; i < 5; i++) {
                            int r = rs[i] + dr, c = cs[i] + dc;
                            if (r >= ROWS || c >= width) { fits = false; break; }
                            mask |= 1L << (r * width + c);
                        }
                        if (!fits) continue;
                        m[n] = mask;
                        p[n] = piece;
                        anchor[n] = Long.numberOfTrailingZeros(mask);
                        n++;
                    }
                }
            }
        }
        masks = new long[n];
        pieceOf = new int[n];
        firstAt = new int[cells + 1];
        int k = 0;
        for (int cell = 0; cell < cells; cell++) {
            firstAt[cell] = k;
            for (int i = 0; i < n; i++) {
                if (anchor[i] == cell) {
                    masks[k] = m[i];
                    pieceOf[k] = p[i];
                    k++;
                }
            }
        }
        firstAt[cells] = k;
    }

    static void solve(long board, int depth) {
        if (board == full) {
            solutions++;
            long h = 17;
            for (int i = 0; i < depth; i++) {
                h = h * 31 + order[i];
                h ^= h >>> 29;
            }
            checksum += h;
            return;
        }
        int cell = Long.numberOfTrailingZeros(~board);
        for (int i = firstAt[cell]; i < firstAt[cell + 1]; i++) {
            int piece = pieceOf[i];
            if (used[piece] != 0 || (masks[i] & board) != 0) continue;
            used[piece] = 1;
            order[depth] = piece;
            solve(board | masks[i], depth + 1);
            used[piece] = 0;
        }
    }
}
