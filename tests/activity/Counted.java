// Known counts for `gcvm run --activity`: work() is called exactly N times and runs six
// instructions each time (iload_0, iconst_3, imul, iconst_1, iadd, ireturn); clock() five
// around a native call (invokestatic, iload_0, i2l, ladd, lreturn); make() and makeList()
// allocate only at their own `new` sites.
import java.util.ArrayList;

public class Counted {
    static int sink;

    static int work(int i) {
        return i * 3 + 1;
    }

    static long clock(int i) {
        return System.nanoTime() + i;
    }

    static Object make(int i) {
        return new int[i % 8];
    }

    static ArrayList<Object> makeList(int n) {
        ArrayList<Object> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(new Object());
        }
        return list;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        for (int i = 0; i < n; i++) {
            sink += work(i);
        }
        long t = 0;
        for (int i = 0; i < n; i++) {
            t += clock(i) & 1;
        }
        Object keep = null;
        for (int i = 0; i < n; i++) {
            keep = make(i);
        }
        int total = 0;
        for (int r = 0; r < 20; r++) {
            total += makeList(n / 10).size();
        }
        System.out.println(sink + " " + (keep != null) + " " + total + " " + (t >= 0));
    }
}
