// ArrayOps: arrays of every primitive type (newarray, xaload/xastore, default
// values, boolean/byte sharing baload), reference arrays (anewarray),
// multianewarray for 2D/3D incl. partial dimensions (new int[3][]), jagged
// arrays, array covariance and ArrayStoreException, index errors with the
// JDK message "Index 5 out of bounds for length 3", NegativeArraySizeException
// message, arraylength, clone() of primitive/reference/2D arrays (shallow),
// System.arraycopy incl. overlapping, java.util.Arrays toString/
// deepToString/sort/fill/copyOf/copyOfRange/equals/hashCode/binarySearch/asList.
import java.util.List;

public class ArrayOps {
    public static void main(String[] args) {
        boolean[] z = new boolean[3];
        byte[] b = new byte[3];
        short[] s = new short[3];
        char[] c = new char[3];
        int[] i = new int[3];
        long[] l = new long[3];
        float[] f = new float[3];
        double[] d = new double[3];
        String[] str = new String[3];
        System.out.println("defaults " + z[0] + " " + b[1] + " " + s[2] + " " + (int) c[0] + " " + i[1] + " " + l[2]
                + " " + f[0] + " " + d[1] + " " + str[2]);
        z[1] = true; b[1] = (byte) 255; s[1] = (short) 65535; c[1] = 'x'; i[1] = Integer.MIN_VALUE; l[1] = Long.MAX_VALUE;
        f[1] = 1.5f; d[1] = -0.0; str[1] = "s";
        System.out.println("stored " + z[1] + " " + b[1] + " " + s[1] + " " + c[1] + " " + i[1] + " " + l[1] + " " + f[1]
                + " " + d[1] + " " + str[1]);
        c[0] = '<';
        c[2] = '>';
        System.out.println("lengths " + z.length + b.length + s.length + c.length + i.length + l.length + f.length + d.length + new int[0].length);
        System.out.println(java.util.Arrays.toString(z) + java.util.Arrays.toString(b) + java.util.Arrays.toString(s)
                + java.util.Arrays.toString(c) + java.util.Arrays.toString(i) + java.util.Arrays.toString(l)
                + java.util.Arrays.toString(f) + java.util.Arrays.toString(d) + java.util.Arrays.toString(str));

        // multi-dimensional
        int[][] grid = new int[3][4];
        for (int r = 0; r < 3; r++) for (int col = 0; col < 4; col++) grid[r][col] = r * 10 + col;
        System.out.println("grid " + java.util.Arrays.deepToString(grid));
        long[][][] cube = new long[2][3][4];
        long cnt = 0;
        for (long[][] plane : cube) for (long[] row : plane) for (int k = 0; k < row.length; k++) row[k] = cnt++;
        System.out.println("cube " + java.util.Arrays.deepToString(cube) + " " + cube[1][2][3]);
        int[][] jag = new int[3][];
        System.out.println("partial " + jag[0] + " " + jag.length);
        for (int r = 0; r < jag.length; r++) {
            jag[r] = new int[r + 1];
            java.util.Arrays.fill(jag[r], r + 1);
        }
        System.out.println("jagged " + java.util.Arrays.deepToString(jag));
        double[][][] partial3 = new double[2][2][];
        partial3[1][0] = new double[]{1.5, 2.5};
        System.out.println("partial3 " + java.util.Arrays.deepToString(partial3));
        String[][] names = {{"a", "b"}, {}, {"c"}};
        System.out.println("names " + java.util.Arrays.deepToString(names) + " " + names[1].length);
        char[][] board = new char[2][3];
        board[1][2] = '#';
        System.out.println("board " + (int) board[0][0] + " " + board[1][2] + " class " + board.getClass().getName()
                + " " + cube.getClass().getName() + " " + str.getClass().getName() + " " + z.getClass().getName());

        // covariance
        Object[] objs = new String[2];
        objs[0] = "ok";
        try {
            objs[1] = Integer.valueOf(1);
        } catch (ArrayStoreException e) {
            System.out.println("ArrayStoreException: " + e.getMessage());
        }
        Number[] nums = new Integer[1];
        try {
            nums[0] = Double.valueOf(1.0);
        } catch (ArrayStoreException e) {
            System.out.println("ArrayStoreException: " + e.getMessage());
        }
        objs[1] = null;   // null always storable
        System.out.println("objs " + java.util.Arrays.toString(objs) + " instanceof String[] " + (objs instanceof String[])
                + " Object[] " + (i instanceof Object) + " Object[][] " + ((Object) grid instanceof Object[]));

        // index errors
        int[] three = new int[3];
        int[] bad = {5, -1, 3, Integer.MIN_VALUE};
        for (int idx : bad) {
            try {
                three[idx] = 1;
            } catch (ArrayIndexOutOfBoundsException e) {
                System.out.println("store: " + e.getMessage());
            }
            try {
                System.out.println(l[idx]);
            } catch (ArrayIndexOutOfBoundsException e) {
                System.out.println("load: " + e);
            }
        }
        int[] sizes = {-1, -100};
        for (int sz : sizes) {
            try {
                int[] neg = new int[sz];
                System.out.println(neg.length);
            } catch (NegativeArraySizeException e) {
                System.out.println("NegativeArraySizeException: " + e.getMessage());
            }
        }
        try {
            Object[] o2 = new String[-5];
        } catch (NegativeArraySizeException e) {
            System.out.println("anewarray: " + e);
        }
        try {
            long[][] m = new long[2][-3];
        } catch (NegativeArraySizeException e) {
            System.out.println("multianewarray: " + e);
        }
        int[] nullArr = null;
        try {
            System.out.println(nullArr.length);
        } catch (NullPointerException e) {
            System.out.println("arraylength on null -> NPE");
        }
        try {
            nullArr[0] = 1;
        } catch (NullPointerException e) {
            System.out.println("iastore on null -> NPE");
        }

        // clone
        int[] orig = {1, 2, 3};
        int[] copy = orig.clone();
        copy[0] = 99;
        int[][] g2 = grid.clone();
        g2[0][0] = -1;
        g2[1] = new int[]{7};
        System.out.println("clone " + java.util.Arrays.toString(orig) + java.util.Arrays.toString(copy) + " shallow "
                + grid[0][0] + " " + grid[1].length + " " + (copy != orig) + " " + (g2[2] == grid[2]));
        String[] sc = str.clone();
        System.out.println("clone type " + sc.getClass().getSimpleName() + " " + java.util.Arrays.toString(sc));

        // arraycopy
        int[] src = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        System.arraycopy(src, 0, src, 3, 5);
        System.out.println("overlap right " + java.util.Arrays.toString(src));
        System.arraycopy(src, 4, src, 1, 6);
        System.out.println("overlap left " + java.util.Arrays.toString(src));
        Object[] dst = new Object[4];
        System.arraycopy(new String[]{"x", "y"}, 0, dst, 1, 2);
        System.out.println("copy refs " + java.util.Arrays.toString(dst));
        try {
            System.arraycopy(src, 8, new int[3], 0, 3);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("arraycopy out of bounds: " + e.getClass().getName());
        }
        try {
            System.arraycopy(src, 0, new long[3], 0, 3);
        } catch (ArrayStoreException e) {
            System.out.println("arraycopy type mismatch: " + e.getClass().getName());
        }
        try {
            System.arraycopy(new Object[]{"a", 1}, 0, new String[2], 0, 2);
        } catch (ArrayStoreException e) {
            System.out.println("arraycopy element mismatch: " + e.getClass().getName());
        }

        // java.util.Arrays utilities
        int[] data = {5, 3, -8, 0, 12, 3, 7, -1};
        java.util.Arrays.sort(data);
        System.out.println("sorted " + java.util.Arrays.toString(data) + " search 7 -> " + java.util.Arrays.binarySearch(data, 7)
                + " search 4 -> " + java.util.Arrays.binarySearch(data, 4));
        double[] dd = {3.5, -0.0, 0.0, Double.NaN, -1, Double.NEGATIVE_INFINITY};
        java.util.Arrays.sort(dd);
        System.out.println("sorted doubles " + java.util.Arrays.toString(dd));
        String[] words = {"pear", "apple", "fig", "banana", "Cherry"};
        java.util.Arrays.sort(words);
        System.out.println("sorted strings " + java.util.Arrays.toString(words));
        java.util.Arrays.sort(words, (x, y) -> x.length() != y.length() ? x.length() - y.length() : x.compareTo(y));
        System.out.println("by length " + java.util.Arrays.toString(words));
        long[] big = java.util.Arrays.copyOf(new long[]{1, 2, 3}, 5);
        char[] part = java.util.Arrays.copyOfRange("hello world".toCharArray(), 6, 11);
        String[] grown = java.util.Arrays.copyOf(words, 7);
        System.out.println("copyOf " + java.util.Arrays.toString(big) + " " + new String(part) + " " + java.util.Arrays.toString(grown));
        int[] filled = new int[5];
        java.util.Arrays.fill(filled, 1, 4, 8);
        System.out.println("fill " + java.util.Arrays.toString(filled) + " equals " + java.util.Arrays.equals(filled, new int[]{0, 8, 8, 8, 0})
                + " hash " + java.util.Arrays.hashCode(filled) + " " + java.util.Arrays.hashCode(new String[]{"a", "b"}));
        List<String> asList = java.util.Arrays.asList("one", "two", "three");
        System.out.println("asList " + asList + " size " + asList.size() + " get(1) " + asList.get(1));
        int[] bigArr = new int[100000];
        for (int k = 0; k < bigArr.length; k++) bigArr[k] = (k * 7919) % 100003;
        java.util.Arrays.sort(bigArr);
        long check = 0;
        for (int k = 0; k < bigArr.length; k += 1000) check = check * 31 + bigArr[k];
        System.out.println("big sort check " + check + " first " + bigArr[0] + " last " + bigArr[bigArr.length - 1]);
    }
}
