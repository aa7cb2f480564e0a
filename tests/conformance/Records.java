// Records: record classes with invokedynamic ObjectMethods bootstrap for
// toString/equals/hashCode over components of every kind (int, long,
// double incl. NaN and -0.0, boolean, char, String, null, arrays compared
// by identity, nested records, lists), accessors, compact canonical
// constructors with validation and normalization, extra constructors,
// static factories, records implementing interfaces and Comparable, explicit
// accessor and toString overrides, generic records, local records, and
// records as TreeMap keys.
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

public class Records {
    record Point(int x, int y) {
        static final Point ORIGIN = new Point(0, 0);
        Point { if (x < -1000) throw new IllegalArgumentException("x too small: " + x); }
        Point(int both) { this(both, both); }
        double dist() { return Math.sqrt((double) x * x + (double) y * y); }
        Point plus(Point o) { return new Point(x + o.x, y + o.y); }
    }

    record Range(int lo, int hi) {
        Range {
            if (lo > hi) { int t = lo; lo = hi; hi = t; }   // normalization in compact ctor
        }
    }

    record AllTypes(byte b, short s, char c, int i, long l, float f, double d, boolean z, String str, Object o) {}

    record Line(Point from, Point to) implements Comparable<Line> {
        double length() { return Math.sqrt(Math.pow(to.x() - from.x(), 2) + Math.pow(to.y() - from.y(), 2)); }
        public int compareTo(Line other) { return Double.compare(length(), other.length()); }
    }

    record Named(String name) {
        @Override public String name() { return name == null ? "<none>" : name.toUpperCase(); }   // accessor override
        @Override public String toString() { return "Named[" + name() + "]"; }
    }

    record Pair<A, B>(A first, B second) {
        static <T> Pair<T, T> twin(T t) { return new Pair<>(t, t); }
        <C> Pair<A, C> withSecond(C c) { return new Pair<>(first, c); }
    }

    record WithArray(int[] data) {}
    record WithList(List<String> items) {}
    record Empty() {}

    interface Shape { double area(); }
    record Circle(double r) implements Shape { public double area() { return 3.0 * r * r; } }
    record Square(double side) implements Shape { public double area() { return side * side; } }

    public static void main(String[] args) {
        Point p = new Point(3, 4), q = new Point(3, 4), r = new Point(7);
        System.out.println(p + " " + r + " " + Point.ORIGIN + " x=" + p.x() + " y=" + p.y() + " dist=" + p.dist() + " plus=" + p.plus(r));
        System.out.println("equals " + p.equals(q) + " " + p.equals(r) + " " + p.equals(null) + " " + p.equals("Point[x=3, y=4]")
                + " == " + (p == q) + " hash " + p.hashCode() + " " + q.hashCode() + " " + r.hashCode() + " " + Point.ORIGIN.hashCode());
        try {
            new Point(-5000, 0);
        } catch (IllegalArgumentException e) {
            System.out.println("validation: " + e.getMessage());
        }
        System.out.println("normalized " + new Range(9, 2) + " equals " + new Range(9, 2).equals(new Range(2, 9)));

        AllTypes a = new AllTypes((byte) -1, (short) 300, 'q', -7, 1L << 40, 1.5f, -0.0, true, "s", null);
        AllTypes b = new AllTypes((byte) -1, (short) 300, 'q', -7, 1L << 40, 1.5f, -0.0, true, "s", null);
        AllTypes c = new AllTypes((byte) -1, (short) 300, 'q', -7, 1L << 40, 1.5f, 0.0, true, "s", null);
        System.out.println(a);
        System.out.println("all types equal " + a.equals(b) + " hash " + a.hashCode() + " " + (a.hashCode() == b.hashCode())
                + " -0.0 vs 0.0 equal " + a.equals(c) + " hash " + c.hashCode());
        AllTypes nan1 = new AllTypes((byte) 0, (short) 0, 'a', 0, 0, Float.NaN, Double.NaN, false, null, "x");
        AllTypes nan2 = new AllTypes((byte) 0, (short) 0, 'a', 0, 0, Float.NaN, Double.NaN, false, null, "x");
        System.out.println("NaN components equal " + nan1.equals(nan2) + " hash " + nan1.hashCode() + " " + nan1);

        Line l1 = new Line(Point.ORIGIN, p), l2 = new Line(r, new Point(10, 11));
        System.out.println(l1 + " length " + l1.length() + " cmp " + l1.compareTo(l2) + " hash " + l1.hashCode());
        Named n1 = new Named("ann"), n2 = new Named(null);
        System.out.println(n1 + " " + n2 + " " + n1.name() + " equals uses field not accessor: " + n1.equals(new Named("ANN"))
                + " hash " + n1.hashCode() + " " + n2.hashCode());

        Pair<String, Integer> pair = new Pair<>("one", 1);
        Pair<String, String> tw = Pair.twin("t");
        System.out.println(pair + " " + tw + " " + pair.withSecond(List.of(1, 2)) + " " + pair.equals(new Pair<>("one", 1))
                + " hash " + pair.hashCode() + " " + tw.hashCode());
        int[] data = {1, 2};
        WithArray wa1 = new WithArray(data), wa2 = new WithArray(data), wa3 = new WithArray(new int[]{1, 2});
        System.out.println("array component identity: " + wa1.equals(wa2) + " " + wa1.equals(wa3));
        WithList wl = new WithList(List.of("x", "y"));
        System.out.println(wl + " " + wl.equals(new WithList(new ArrayList<>(List.of("x", "y")))) + " hash " + wl.hashCode());
        System.out.println(new Empty() + " " + new Empty().equals(new Empty()) + " hash " + new Empty().hashCode());

        record Local(String k, long v) {}
        List<Local> locals = new ArrayList<>();
        for (int i = 0; i < 5; i++) locals.add(new Local("k" + i, (long) i * i * 1000000007L));
        System.out.println(locals + " " + locals.get(3).hashCode());

        List<Shape> shapes = List.of(new Circle(1), new Square(2), new Circle(0.5));
        double total = 0;
        for (Shape s : shapes) total += s.area();
        System.out.println(shapes + " total " + total);

        TreeMap<Line, String> byLength = new TreeMap<>();
        for (int i = 1; i <= 5; i++) byLength.put(new Line(new Point(i), new Point(i * 2, i * 3)), "L" + i);
        System.out.println(byLength.values() + " first " + byLength.firstKey());
        Object o = p;
        if (o instanceof Point pt && pt.x() > 0) System.out.println("pattern " + pt.x() * pt.y());
        System.out.println("record class name " + p.getClass().getName() + " simple " + p.getClass().getSimpleName()
                + " local " + locals.get(0).getClass().getSimpleName());
    }
}
