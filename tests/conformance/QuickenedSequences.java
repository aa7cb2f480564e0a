/**
 * The instruction sequences gcvm's interpreter quickens (runtime/interp/src/link/quicken.rs), each on
 * its fast path and on the slow path that falls back to the original instructions: loops closed
 * by local-local and local-constant compares, branches on a local, arithmetic with a local or
 * constant operand, fields of a local, elements of a local array indexed by a local — with nulls
 * and indices out of bounds caught by handlers — and the intrinsified Math, Integer and Long
 * methods at their edge values.
 */
public class QuickenedSequences {
    int i = 7;
    long l = -3L;
    double d = 2.5;
    float f = 1.5f;
    Object o = "ref";
    QuickenedSequences next;

    public static void main(String[] args) {
        loops();
        arithmetic();
        fields();
        arrays();
        intrinsics();
        allocationInQuickenedLoops();
        staticsAndCompoundAssignment();
        localOperandsWithNullsAndBadIndices();
        elementCopiesAndMoves();
        doubleFieldsAndLengthLoops();
        doubleOperationsInEveryForm();
        localsAgainstFieldsAndConstants();
        longConstantsAndShifts();
        fieldUpdatesByProducts();
        staticTables();
        arrayMovesFromLocals();
        arrayMovesWithEachIndexOperation();
    }

    // `a[i] = b[j]`, `a[i] = b[c - d]` and `a[c - d] = v` with every operand a local (int and
    // float arrays, fannkuch's copy and flip loops), then each way they fail: the source array
    // null or its index out of bounds (the load throws), the target null or its index out of
    // bounds (the store throws, after the source element was read).
    static void arrayMovesFromLocals() {
        int[] a = {1, 2, 3, 4, 5};
        int[] b = new int[5];
        float[] fa = {0.5f, 1.5f, 2.5f};
        float[] fb = new float[3];
        for (int i = 0; i < a.length; i++) {
            b[i] = a[i];
        }
        int k = 4;
        for (int i = 0, j = k; i < j; i++, j--) {
            int t = b[i];
            b[i] = b[k - i];
            b[k - i] = t;
        }
        for (int i = 0; i < fa.length; i++) {
            fb[i] = fa[2 - i + 0 * i];
        }
        int two = 2;
        float f = fa[1];
        fb[two - 1] = f;
        System.out.println("moves " + java.util.Arrays.toString(b) + " "
                + java.util.Arrays.toString(fb));
        int[] none = null;
        int i = 1, j = 2, big = 9;
        try {
            b[i] = none[j];
        } catch (NullPointerException e) {
            System.out.println("copy from null: " + e.getMessage());
        }
        try {
            b[i] = a[big];
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("copy from past the end: " + e.getMessage());
        }
        try {
            none[i] = a[j];
        } catch (NullPointerException e) {
            System.out.println("copy into null: " + e.getMessage());
        }
        try {
            b[big] = a[j];
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("copy past the end: " + e.getMessage());
        }
        try {
            b[i] = none[big - j];
        } catch (NullPointerException e) {
            System.out.println("computed copy from null: " + e.getMessage());
        }
        try {
            b[i] = a[big - i];
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("computed copy from past the end: " + e.getMessage());
        }
        try {
            none[i] = a[big - k - j];
        } catch (NullPointerException e) {
            System.out.println("computed copy into null: " + e.getMessage());
        }
        try {
            b[big] = a[j - i];
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("computed copy past the end: " + e.getMessage());
        }
        try {
            none[big - j] = k;
        } catch (NullPointerException e) {
            System.out.println("computed store into null: " + e.getMessage());
        }
        try {
            b[i - j] = k;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("computed store before the start: " + e.getMessage());
        }
    }

    // The computed-index moves with iadd (`a[i + j]`, their own variants like isub's) and with
    // operations that have none (`a[i ^ j]`, `a[i >> j]`), each fast and then failing: a null
    // array or an index out of bounds, on the loaded and on the stored side.
    static void arrayMovesWithEachIndexOperation() {
        int[] a = {10, 20, 30, 40, 50, 60, 70, 80};
        int[] b = new int[8];
        int one = 1, three = 3;
        for (int i = 0; i < 4; i++) {
            b[i] = a[i + three];
            b[i + 4] = one;
        }
        System.out.print("add moves " + java.util.Arrays.toString(b));
        for (int i = 0; i < 4; i++) {
            b[i] = a[i ^ three];
            b[i >> one] = three;
            b[i + 4] = a[i >> one];
        }
        System.out.println(" other moves " + java.util.Arrays.toString(b));
        int[] none = null;
        int big = 9;
        try {
            b[one] = none[one + three];
        } catch (NullPointerException e) {
            System.out.println("added copy from null: " + e.getMessage());
        }
        try {
            b[one] = a[big + one];
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("added copy from past the end: " + e.getMessage());
        }
        try {
            none[one] = a[one + three];
        } catch (NullPointerException e) {
            System.out.println("added copy into null: " + e.getMessage());
        }
        try {
            b[big] = a[one + three];
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("added copy past the end: " + e.getMessage());
        }
        try {
            none[one + three] = big;
        } catch (NullPointerException e) {
            System.out.println("added store into null: " + e.getMessage());
        }
        try {
            b[big + one] = three;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("added store past the end: " + e.getMessage());
        }
        try {
            b[one] = a[big ^ one];
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("xor copy from past the end: " + e.getMessage());
        }
        try {
            b[big | one] = three;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("or store past the end: " + e.getMessage());
        }
    }

    // Every double superinstruction with each of its four operations (one quickened variant per
    // operation): `a op b` of two locals, into a local, into a field, with a field as the second
    // operand (after a local or a computed value), and a local as the second operand; then the
    // field forms with a null object, where the original getfield or putfield throws.
    static void doubleOperationsInEveryForm() {
        double a = 7.5, b = -2.0;
        QuickenedSequences o = new QuickenedSequences();
        o.d = 0.5;
        double addLocals = a + b, subLocals = a - b, mulLocals = a * b, divLocals = a / b;
        double addStore = a * a + b * b;
        double subStore = a * a - b * b;
        double mulStore = (a + b) * (a - b);
        double divStore = (a + b) / (a - b);
        System.out.println("double locals " + addLocals + " " + subLocals + " " + mulLocals + " "
                + divLocals + " " + addStore + " " + subStore + " " + mulStore + " " + divStore);
        double addField = a + o.d, subField = a - o.d, mulField = a * o.d, divField = a / o.d;
        double addTop = (a + b) + o.d;
        double subTop = (a + b) - o.d;
        double mulTop = (a + b) * o.d;
        double divTop = (a + b) / o.d;
        double addLocal = o.d + a, subLocal = o.d - a, mulLocal = o.d * a, divLocal = o.d / a;
        System.out.println("double fields " + addField + " " + subField + " " + mulField + " "
                + divField + " " + addTop + " " + subTop + " " + mulTop + " " + divTop + " "
                + addLocal + " " + subLocal + " " + mulLocal + " " + divLocal);
        QuickenedSequences p = new QuickenedSequences();
        p.d = (a + b) + (a - b);
        System.out.print("double puts " + p.d);
        p.d = (a + b) - (a - b);
        System.out.print(" " + p.d);
        p.d = (a + b) * (a - b);
        System.out.print(" " + p.d);
        p.d = (a + b) / (a - b);
        System.out.println(" " + p.d + " " + (0.0 / 0.0) + " " + (a / 0.0));
        QuickenedSequences none = null;
        try {
            none.d = (a + b) / (a - b);
        } catch (NullPointerException e) {
            System.out.println("NPE storing a quotient: " + e.getMessage());
        }
        try {
            double x = (a + b) - none.d;
            System.out.println(x);
        } catch (NullPointerException e) {
            System.out.println("NPE subtracting a field: " + e.getMessage());
        }
        try {
            double x = a / none.d;
            System.out.println(x);
        } catch (NullPointerException e) {
            System.out.println("NPE dividing by a field: " + e.getMessage());
        }
        try {
            double x = a + none.d;
            System.out.println(x);
        } catch (NullPointerException e) {
            System.out.println("NPE adding a field: " + e.getMessage());
        }
    }

    // `local op constant` pushed at once (every int operation, shifts of negative values and
    // by more than 31), and `local cmp o.f` branches with each condition, forward and backward
    // (a do-while loop, whose branch polls for a safepoint), allocating inside the loop; then
    // a null object, where the original getfield throws.
    static void localsAgainstFieldsAndConstants() {
        int k = -77;
        System.out.println("local op const " + (k + 1) + " " + (k - 3) + " " + (k * 100000) + " "
                + (k & 0x3f) + " " + (k | 256) + " " + (k ^ -1) + " " + (k << 3) + " " + (k >> 2)
                + " " + (k >>> 28) + " " + (k << 33) + " " + (k + 2147483647) + " "
                + (k - Integer.MIN_VALUE) + " " + (k - -2147483647) + " " + (k * k - 1) + " "
                + (k * k + -9) + " " + (k * k - Integer.MIN_VALUE) + " " + (k * k * k - 100000));
        QuickenedSequences t = new QuickenedSequences();
        t.i = 5;
        StringBuilder sb = new StringBuilder();
        for (int key = 3; key <= 7; key++) {
            sb.append(key < t.i ? 'a' : '-');
            sb.append(key <= t.i ? 'b' : '-');
            sb.append(key > t.i ? 'c' : '-');
            sb.append(key >= t.i ? 'd' : '-');
            sb.append(key == t.i ? 'e' : '-');
            sb.append(key != t.i ? 'f' : '-');
            sb.append(' ');
        }
        System.out.println("local cmp field " + sb);
        int n = 0;
        Object keep = null;
        t.i = 40000;
        do {
            keep = new int[n % 7 + 1];
            n++;
        } while (n < t.i);
        System.out.println("do-while against a field " + n + " " + ((int[]) keep).length);
        QuickenedSequences none = null;
        try {
            if (k < none.i) {
                System.out.println("unreachable");
            }
        } catch (NullPointerException e) {
            System.out.println("NPE comparing with a field: " + e.getMessage());
        }
    }

    static long xorshift = 0x2545F4914F6CDD1DL;

    // A long and a constant under every long operation (java.util.Random's step, overflowing),
    // and longs shifted by constants: xorshift's steps, distances 0, 63 and past 63 (only the
    // low six bits count) and negative ones, of negative values (sign- or zero-filled).
    static void longConstantsAndShifts() {
        long seed = 42L ^ 0x5DEECE66DL;
        for (int k = 0; k < 3; k++) {
            seed = (seed * 0x5DEECE66DL + 0xBL) & ((1L << 48) - 1);
        }
        long v = -1234567890123L;
        System.out.println("long consts " + seed + " " + (v + 9000000000L) + " "
                + (v - 0x7fffffffffffffffL) + " " + (v * 1000003L) + " " + (v & 0xff00ff00ff00L)
                + " " + (v | 0x10000000000L) + " " + (v ^ -1L) + " " + (int) (seed >>> 17));
        for (int k = 0; k < 4; k++) {
            xorshift ^= xorshift << 13;
            xorshift ^= xorshift >>> 7;
            xorshift ^= xorshift << 17;
        }
        int distance = 70;
        System.out.println("long shifts " + xorshift + " " + (v << 0) + " " + (v >> 63) + " "
                + (v >>> 63) + " " + (v << 64) + " " + (v >> 65) + " " + (v >>> 70) + " "
                + (v << -1) + " " + (v >> -60) + " " + (v >>> -3) + " " + (v << distance));
    }

    // n-body's `o.f += x * p.g * y` and `o.f -= x * p.g * y` with every operand a local, also
    // with `o` and `p` the same object and the same field, then with `o` null (its getfield
    // throws before anything is read) and with `p` null (its getfield throws after `o.f` was
    // read; `o.f` keeps its value).
    static void fieldUpdatesByProducts() {
        QuickenedSequences o = new QuickenedSequences();
        QuickenedSequences p = new QuickenedSequences();
        o.d = 1.25;
        p.d = -3.0;
        double x = 0.1, y = 7.0;
        for (int k = 0; k < 3; k++) {
            o.d += x * p.d * y;
            p.d -= x * o.d * y;
        }
        o.d -= x * o.d * y;
        System.out.println("field products " + o.d + " " + p.d);
        QuickenedSequences none = null;
        try {
            none.d += x * p.d * y;
        } catch (NullPointerException e) {
            System.out.println("NPE updating a null: " + e.getMessage());
        }
        try {
            o.d -= x * none.d * y;
        } catch (NullPointerException e) {
            System.out.println("NPE on a null factor: " + e.getMessage() + " " + o.d);
        }
    }

    static int[] digits = {3, 1, 4, 1, 5};
    static float[] floatTable = {0.25f, -2f};
    static String[] names = {"a", "b"};
    static int[] missing;
    static long[] longTable = {1L << 33, -9L, 5L};
    static double[] doubleTable = {0.5, -1.25};
    static long[] missingLongs;

    // `table[i]` of static arrays (int, float, reference, long, double), then static arrays that
    // are null and indices past the end: the array load throws as unquickened code does.
    static void staticTables() {
        long wideSum = 0;
        for (int k = 0; k < 3; k++) {
            wideSum += longTable[k];
        }
        int one = 1;
        System.out.println("static long tables " + wideSum + " " + doubleTable[one]);
        try {
            System.out.println(missingLongs[one]);
        } catch (NullPointerException e) {
            System.out.println("NPE on a null static long table: " + e.getMessage());
        }
        int three = 3;
        try {
            System.out.println(longTable[three]);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("static long table: " + e.getMessage());
        }
        int minus = -1;
        try {
            System.out.println(doubleTable[minus]);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("static double table: " + e.getMessage());
        }
        int sum = 0;
        for (int k = 0; k < 5; k++) {
            sum += digits[k];
        }
        int k = 1;
        System.out.println("static tables " + sum + " " + floatTable[k] + " " + names[k]);
        try {
            System.out.println(missing[k]);
        } catch (NullPointerException e) {
            System.out.println("NPE on a null static table: " + e.getMessage());
        }
        k = 5;
        try {
            System.out.println(digits[k]);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("static table: " + e.getMessage());
        }
    }

    // n-body's shapes: `a.x - b.x` into a local, `dx * dx` of locals, `o.f -= x * y` into a
    // double field, and `i < arr.length` loops; then each with a null where the original
    // instructions throw (the field read, the field store, the array length).
    static void doubleFieldsAndLengthLoops() {
        QuickenedSequences a = new QuickenedSequences();
        QuickenedSequences b = new QuickenedSequences();
        b.d = -0.75;
        double dx = a.d - b.d;
        double sq = dx * dx + dx / 3.0;
        double mag = 0.01 / (sq * Math.sqrt(sq));
        a.d -= dx * b.d * mag;
        b.d += dx * a.d * mag;
        a.d *= b.d;
        System.out.println("doubles " + dx + " " + sq + " " + mag + " " + a.d + " " + b.d);
        double[] ds = {1.0, 2.0, 4.0};
        double sum = 0;
        for (int k = 0; k < ds.length; k++) {
            sum += ds[k];
        }
        int[] empty = {};
        int n = 0;
        for (int k = 0; k < empty.length; k++) {
            n++;
        }
        System.out.println("length loops " + sum + " " + n);
        QuickenedSequences none = null;
        try {
            double bad = dx - none.d;
            System.out.println(bad);
        } catch (NullPointerException e) {
            System.out.println("NPE on double field operand: " + e.getMessage());
        }
        try {
            none.d -= dx * mag;
        } catch (NullPointerException e) {
            System.out.println("NPE on double field update: " + e.getMessage());
        }
        try {
            none.d = dx * mag;
        } catch (NullPointerException e) {
            System.out.println("NPE on double field store: " + e.getMessage());
        }
        double[] nothing = null;
        try {
            for (int k = 0; k < nothing.length; k++) {
                sum += nothing[k];
            }
        } catch (NullPointerException e) {
            System.out.println("NPE on loop over a null array: " + e.getMessage());
        }
    }

    // `t = a[i]`, `a[x] = t`, `a[x] = b[y]` and `a[x] = b[j]` on int, float and reference arrays:
    // fast paths, then every way each can fail (the source or target array null, the source or
    // target index out of bounds), in Java's order (the source element is read before the target
    // is checked).
    static void elementCopiesAndMoves() {
        int[] a = {10, 20, 30, 40};
        int[] b = {1, 2, 3, 4};
        float[] fa = {0.5f, -1.5f, Float.NaN};
        String[] sa = {"x", "y"};
        int j = 2, k = 1;
        int t = a[j];
        float ft = fa[k];
        String st = sa[k];
        System.out.println("moves: " + t + " " + ft + " " + st);
        a[k + 1] = t;
        fa[k + 1] = ft;
        a[k + 2] = b[k - 1];
        fa[k - 1] = fa[k + 1];
        a[k - 1] = b[j];
        System.out.println("copies: " + a[0] + " " + a[1] + " " + a[2] + " " + a[3] + " "
                + fa[0] + " " + fa[1] + " " + fa[2]);
        int[] none = null;
        int bad = 9, neg = -1;
        try {
            t = none[j];
        } catch (NullPointerException e) {
            System.out.println("move from null array");
        }
        try {
            t = a[bad];
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("move: " + e.getMessage() + " t=" + t);
        }
        try {
            none[k + 1] = t;
        } catch (NullPointerException e) {
            System.out.println("store of a local into null array");
        }
        try {
            a[neg + 0] = t;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("store of a local: " + e.getMessage());
        }
        try {
            a[k + 1] = none[k - 1];
        } catch (NullPointerException e) {
            System.out.println("copy from null array");
        }
        try {
            none[k + 1] = b[bad - 9];
        } catch (NullPointerException e) {
            System.out.println("copy into null array");
        }
        try {
            none[k + 1] = b[bad + 1];
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("copy: source checked first: " + e.getMessage());
        }
        try {
            a[bad + 0] = b[k - 1];
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("copy: target " + e.getMessage());
        }
        try {
            a[k + 1] = none[j];
        } catch (NullPointerException e) {
            System.out.println("copy of a local element from null array");
        }
        try {
            a[k + 1] = b[bad];
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("copy of a local element: " + e.getMessage());
        }
        try {
            none[k + 1] = b[j];
        } catch (NullPointerException e) {
            System.out.println("copy of a local element into null array");
        }
        try {
            a[neg * 2] = b[j];
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("copy of a local element: target " + e.getMessage());
        }
        int sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum = sum * 31 + a[i];
        }
        System.out.println("after failures: " + sum + " " + a[0] + " " + a[3]);
        System.out.println("computed indices: " + a[j - k] + " " + a[k + 2] + " " + a[j >> 1]
                + " " + a[j & k] + " " + a[k * j] + " " + a[k ^ j] + " " + a[k << 1] + " "
                + a[-neg - 1]);
        try {
            System.out.println(a[j + k + k]);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("computed index: " + e.getMessage());
        }
        try {
            System.out.println(none[j - k]);
        } catch (NullPointerException e) {
            System.out.println("computed index into null array");
        }
    }

    // Array stores from locals, a field of one local next to another local, a field compared,
    // a field stored to a local and a double field as an operand: fast paths and exceptions.
    static void localOperandsWithNullsAndBadIndices() {
        int[] ia = new int[3];
        double[] da = new double[2];
        for (int k = 0; k < 3; k++) {
            int v = k * 11;
            ia[k] = v;
        }
        double dv = 0.25;
        int one = 1, bad = 5;
        da[one] = dv;
        try {
            ia[bad] = one;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("int store: " + e.getMessage());
        }
        try {
            da[bad] = dv;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("double store: " + e.getMessage());
        }
        int[] nul = null;
        try {
            nul[one] = one;
        } catch (NullPointerException e) {
            System.out.println("NPE on null array store");
        }
        QuickenedSequences h = new QuickenedSequences(), none = null;
        QuickenedSequences[] pair = {h, null};
        int got = h.i;
        double prod = dv * h.d;
        int below = 0;
        for (int k = 0; k < 10; k++) {
            if (k < h.i) below++;
        }
        System.out.println("locals " + ia[2] + " " + da[one] + " " + got + " " + prod + " " + below
                + " " + sum(h, h));
        try {
            got = none.i;
        } catch (NullPointerException e) {
            System.out.println("NPE on field to local");
        }
        try {
            prod = dv * none.d;
        } catch (NullPointerException e) {
            System.out.println("NPE on double field operand");
        }
        try {
            if (one < none.i) below++;
        } catch (NullPointerException e) {
            System.out.println("NPE on field compare");
        }
        try {
            System.out.println(sum(h, none));
        } catch (NullPointerException e) {
            System.out.println("NPE on second local's field");
        }
        System.out.println(got + " " + prod + " " + below + " " + pair.length);
    }

    static int sum(QuickenedSequences x, QuickenedSequences y) {
        return add(x, y.i);
    }

    static int add(QuickenedSequences x, int v) {
        return x.i + v;
    }

    static int counter;
    static long big = 1L << 40;
    static double ratio = 0.75;
    static int[] table = {4, 5, 6};
    static long[] wide = {7L, 8L};

    // Static fields of an initialised class, `o.f op= x`, an element of an array that is not in a
    // local, and compares of longs.
    static void staticsAndCompoundAssignment() {
        for (int k = 0; k < 5; k++) {
            counter += k;
            big += k;
            ratio *= 2;
        }
        int two = 2, three = 3;
        long sum = table[two] + wide[1];
        try {
            sum += table[three];
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("static array: " + e.getMessage());
        }
        try {
            sum += wide[two];
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("static long array: " + e.getMessage());
        }
        QuickenedSequences h = new QuickenedSequences();
        h.i += 5;
        h.d -= 0.5;
        h.l *= 3;
        QuickenedSequences none = null;
        try {
            none.i += 1;
        } catch (NullPointerException e) {
            System.out.println("NPE on compound int");
        }
        try {
            none.d += 1;
        } catch (NullPointerException e) {
            System.out.println("NPE on compound double");
        }
        long a = -5, b = 7, c = Long.MIN_VALUE;
        int cmp = 0;
        if (a < b) cmp += 1;
        if (a > b) cmp += 2;
        if (c <= a) cmp += 4;
        if (b >= b) cmp += 8;
        if ((a & b) != 0) cmp += 16;
        if ((a ^ a) == 0) cmp += 32;
        System.out.println("statics " + counter + " " + big + " " + ratio + " " + sum + " " + h.i
                + " " + h.d + " " + h.l + " " + cmp);
    }

    static void loops() {
        int n = 10, sum = 0;
        for (int k = 0; k < n; k++) {
            sum += k;
        }
        for (int k = n; k >= 0; k--) {
            sum ^= k << 3;
        }
        int k = 0;
        while (k != 100) {
            k += 7;
            if (k > 90) {
                k = 100;
            }
        }
        int zeros = 0;
        for (int m = -5; m <= 5; m++) {
            int v = m;
            if (v == 0) zeros++;
            if (v < 0) zeros += 10;
            if (v >= 0) zeros += 100;
            if (v > 0) zeros += 1000;
            if (v <= 0) zeros += 10000;
            if (v != 0) zeros += 100000;
        }
        Object a = null, b = "x";
        int nulls = 0;
        if (a == null) nulls++;
        if (b != null) nulls += 2;
        if (a != null) nulls += 4;
        if (b == null) nulls += 8;
        System.out.println("loops " + sum + " " + k + " " + zeros + " " + nulls);
    }

    static void arithmetic() {
        int a = 0x7fffffff, b = 3, s = 33, neg = -1;
        int r = a;
        r = r + b;
        System.out.println("int " + r + " " + (r - b) + " " + (a * b) + " " + (a & b) + " " + (a | b)
                + " " + (a ^ b) + " " + (neg << s) + " " + (neg >> s) + " " + (neg >>> s) + " "
                + (neg >>> 31) + " " + (b << 31) + " " + (r + 1) + " " + (a * 3));
        long x = Long.MAX_VALUE, y = 5;
        long z = x;
        z = z + y;
        System.out.println("long " + z + " " + (x - y) + " " + (x * y) + " " + (x & y) + " " + (x | y)
                + " " + (x ^ y));
        double p = 1.0, q = 0.0, nan = Double.NaN;
        double t = p;
        System.out.println("double " + (t / q) + " " + (-t / q) + " " + (q / q) + " " + (p + nan)
                + " " + (p - q) + " " + (p * q) + " " + (t * -0.0));
    }

    static void fields() {
        QuickenedSequences h = new QuickenedSequences();
        System.out.println("fields " + h.i + " " + h.l + " " + h.d + " " + h.f + " " + h.o + " "
                + h.sumOwn());
        QuickenedSequences none = h.next;
        try {
            System.out.println(none.i);
        } catch (NullPointerException e) {
            System.out.println("NPE on int field");
        }
        try {
            System.out.println(none.d);
        } catch (NullPointerException e) {
            System.out.println("NPE on double field");
        }
        try {
            System.out.println(none.o);
        } catch (NullPointerException e) {
            System.out.println("NPE on reference field");
        }
        try {
            none.l = 4;
        } catch (NullPointerException e) {
            System.out.println("NPE on long field store");
        }
    }

    double sumOwn() {
        i += 1;
        l -= 1;
        d *= 2;
        f += 1;
        next = this;
        return i + l + d + f + next.i;
    }

    static void arrays() {
        int[] ia = {1, 2, 3};
        long[] la = {10L, 20L};
        double[] da = {0.5, 1.5};
        String[] sa = {"a", "b"};
        int sum = 0;
        for (int k = 0; k < ia.length; k++) {
            sum += ia[k];
        }
        int j = 1;
        System.out.println("arrays " + sum + " " + la[j] + " " + da[j] + " " + sa[j]);
        int[] indices = {-1, 3, Integer.MIN_VALUE};
        for (int idx : indices) {
            try {
                System.out.println(ia[idx]);
            } catch (ArrayIndexOutOfBoundsException e) {
                System.out.println("int: " + e.getMessage());
            }
        }
        int two = 2;
        try {
            System.out.println(la[two]);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("long: " + e.getMessage());
        }
        try {
            System.out.println(da[two]);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("double: " + e.getMessage());
        }
        try {
            System.out.println(sa[two]);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("ref: " + e.getMessage());
        }
        int[] nullArray = null;
        int zero = 0;
        try {
            System.out.println(nullArray[zero]);
        } catch (NullPointerException e) {
            System.out.println("NPE on null array");
        }
        ia[two] = 30;
        la[1] = 40;
        da[0] = -0.0;
        System.out.println(ia[two] + " " + la[1] + " " + da[0]);
    }

    static void intrinsics() {
        double[] ds = {4.0, 2.0, -1.0, -0.0, 0.0, Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.MIN_VALUE};
        for (double v : ds) {
            System.out.println("double " + v + ": sqrt " + Math.sqrt(v) + " " + StrictMath.sqrt(v)
                    + " abs " + Math.abs(v) + " bits " + Double.doubleToRawLongBits(Math.abs(v)));
        }
        float[] fs = {-2.5f, -0.0f, 0.0f, Float.NaN, Float.NEGATIVE_INFINITY};
        for (float v : fs) {
            System.out.println("float " + v + ": abs " + Math.abs(v) + " bits "
                    + Float.floatToRawIntBits(Math.abs(v)));
        }
        int[] is = {0, 1, -1, 12, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x00f0_0000};
        for (int v : is) {
            System.out.println("int " + v + ": abs " + Math.abs(v) + " min " + Math.min(v, 5)
                    + " max " + Math.max(v, 5) + " ntz " + Integer.numberOfTrailingZeros(v)
                    + " nlz " + Integer.numberOfLeadingZeros(v) + " bits " + Integer.bitCount(v));
        }
        long[] ls = {0L, 1L, -1L, 1L << 40, Long.MIN_VALUE, Long.MAX_VALUE, 0x0000_0f00_0000_0000L};
        for (long v : ls) {
            System.out.println("long " + v + ": abs " + Math.abs(v) + " min " + Math.min(v, 5L)
                    + " max " + Math.max(v, 5L) + " ntz " + Long.numberOfTrailingZeros(v)
                    + " nlz " + Long.numberOfLeadingZeros(v) + " bits " + Long.bitCount(v));
        }
    }

    // References held in locals across collections in loops closed by quickened branches.
    static void allocationInQuickenedLoops() {
        QuickenedSequences head = null;
        for (int k = 0; k < 2000; k++) {
            QuickenedSequences n = new QuickenedSequences();
            n.i = k;
            n.next = head;
            head = n;
        }
        long total = 0;
        QuickenedSequences p = head;
        while (p != null) {
            total += p.i;
            p = p.next;
        }
        System.out.println("list " + total);
    }
}
