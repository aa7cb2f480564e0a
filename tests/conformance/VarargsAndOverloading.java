// VarargsAndOverloading: overload resolution phases (exact match, widening
// primitive conversion before boxing before varargs), most specific method
// selection (int vs long vs Integer vs Object vs Object...), overloads on
// char/byte/short/float/double, null arguments picking the most specific
// reference type, varargs with zero/one/many arguments, passing an array
// directly, varargs of primitives, null varargs array, and static vs
// instance overloads with inheritance.
import java.util.Arrays;

public class VarargsAndOverloading {
    static String f(int x) { return "f(int)"; }
    static String f(long x) { return "f(long)"; }
    static String f(double x) { return "f(double)"; }
    static String f(Integer x) { return "f(Integer)"; }
    static String f(Object x) { return "f(Object)"; }
    static String f(int... xs) { return "f(int...) n=" + xs.length; }

    static String g(long x) { return "g(long)"; }
    static String g(Integer x) { return "g(Integer)"; }

    static String h(Object o) { return "h(Object)"; }
    static String h(Object... os) { return "h(Object...) n=" + (os == null ? "null" : String.valueOf(os.length)); }

    static String k(String s) { return "k(String)"; }
    static String k(Object o) { return "k(Object)"; }
    static String k(CharSequence cs) { return "k(CharSequence)"; }

    static String c(char ch) { return "c(char)"; }
    static String c(int i) { return "c(int)"; }

    static String s(short x) { return "s(short)"; }
    static String s(float x) { return "s(float)"; }

    static String b(byte x) { return "b(byte)"; }
    static String b(Object x) { return "b(Object " + x.getClass().getSimpleName() + ")"; }

    static String sum(String label, int... xs) {
        int t = 0;
        for (int x : xs) t += x;
        return label + "=" + t + " from " + Arrays.toString(xs);
    }

    static String join(String sep, Object... parts) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < parts.length; i++) { if (i > 0) sb.append(sep); sb.append(parts[i]); }
        return sb.toString();
    }

    static String dbl(double... ds) { return "doubles " + Arrays.toString(ds); }
    static String lng(long first, long... rest) { return "long " + first + " + " + rest.length; }

    static class Base {
        String m(Object o) { return "Base.m(Object)"; }
        String m(String s) { return "Base.m(String)"; }
    }

    static class Derived extends Base {
        @Override String m(Object o) { return "Derived.m(Object)"; }
        String m(Integer i) { return "Derived.m(Integer)"; }
    }

    public static void main(String[] args) {
        byte by = 1;
        short sh = 2;
        char ch = 'c';
        long lo = 3;
        float fl = 4f;
        Integer boxed = 5;
        Long boxedLong = 6L;
        System.out.println(f(1) + " " + f(by) + " " + f(sh) + " " + f(ch) + " " + f(lo) + " " + f(fl) + " " + f(2.0));
        System.out.println(f(boxed) + " " + f(boxedLong) + " " + f("s") + " " + f() + " " + f(1, 2) + " " + f(new int[]{1, 2, 3}) + " " + f((Object) null));
        System.out.println(g(1) + " " + g(boxed) + " " + g(by));
        System.out.println(h("one") + " " + h() + " " + h("a", "b") + " " + h((Object[]) null) + " " + h((Object) null)
                + " " + h(new Object[]{1, 2, 3}) + " " + h((Object) new Object[]{1, 2}) + " " + h((Object[]) new String[]{"x"}));
        System.out.println(k("s") + " " + k(new StringBuilder()) + " " + k(1) + " " + k(null) + " " + k((Object) "s"));
        System.out.println(c('x') + " " + c(120) + " " + c((char) 120) + " " + c('x' + 1) + " " + c(ch++) + " " + c(by));
        System.out.println(s(sh) + " " + s(by) + " " + s(1) + " " + s(1L) + " " + s((short) 1));
        System.out.println(b(by) + " " + b(1) + " " + b((byte) 1) + " " + b('z') + " " + b(1.5));

        System.out.println(sum("none") + "; " + sum("one", 5) + "; " + sum("many", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10) + "; " + sum("arr", new int[]{7, 8}));
        System.out.println(join(", ") + "|" + join(", ", "a") + "|" + join("-", 1, 'b', 2.5, null, true) + "|" + join("/", (Object[]) new String[]{"x", "y"}));
        System.out.println(dbl() + " " + dbl(1, 2.5f, 'a', 3L) + " " + lng(1) + " " + lng(1, 2, 3));

        Base base = new Derived();
        Derived derived = new Derived();
        Object str = "str";
        System.out.println(base.m("s") + " " + base.m(1) + " " + base.m(str) + " " + derived.m(1) + " " + derived.m("s") + " " + derived.m((Object) 1));

        // an array passed directly to a varargs parameter is not copied: the callee mutates it
        int[] shared = {1, 2, 3};
        mutate(shared);
        System.out.println("mutated shared array " + Arrays.toString(shared));
        System.out.println("format varargs " + String.format("%s-%s-%s", "a", "b", "c") + " " + String.format("%d items", 3)
                + " " + Arrays.asList(1, 2, 3) + " " + Arrays.asList(new Integer[]{4, 5}) + " " + Arrays.asList(new int[]{6, 7}).size());
    }

    static void mutate(int... xs) { xs[0] = 100; }
}
