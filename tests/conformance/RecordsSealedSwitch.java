import java.util.*;

/** Records, sealed interfaces, switch expressions and patterns, text blocks. */
public class RecordsSealedSwitch {
    sealed interface Shape permits Circle, Rect, Tri {}
    record Circle(double r) implements Shape {}
    record Rect(double w, double h) implements Shape {
        Rect {
            if (w < 0 || h < 0) throw new IllegalArgumentException("negative side");
        }
        static Rect square(double s) { return new Rect(s, s); }
    }
    record Tri(double a, double b, double c) implements Shape {}
    enum Op { ADD, SUB, MUL, DIV }
    record Pair<A, B>(A first, B second) {}

    static double area(Shape s) {
        if (s instanceof Circle c) return Math.PI * c.r() * c.r();
        if (s instanceof Rect r) return r.w() * r.h();
        Tri t = (Tri) s;
        double p = (t.a() + t.b() + t.c()) / 2;
        return Math.sqrt(p * (p - t.a()) * (p - t.b()) * (p - t.c()));
    }

    static int apply(Op op, int a, int b) {
        return switch (op) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            case DIV -> { if (b == 0) throw new ArithmeticException("/ by zero"); yield a / b; }
        };
    }

    static String describe(Object o) {
        if (o instanceof Integer i && i > 10) return "big int " + i;
        if (o instanceof String s && !s.isEmpty()) return "string of " + s.length();
        return switch (o.getClass().getSimpleName()) {
            case "Integer", "Long" -> "small number";
            default -> "other " + o;
        };
    }

    public static void main(String[] args) {
        List<Shape> shapes = List.of(new Circle(1), Rect.square(2), new Tri(3, 4, 5), new Rect(1.5, 2));
        for (Shape s : shapes) System.out.printf("%-30s %8.3f%n", s, area(s));
        System.out.println(new Rect(1, 2).equals(new Rect(1, 2)) + " " + new Rect(1, 2).hashCode() + " " + new Pair<>("x", List.of(1)));
        try { new Rect(-1, 2); } catch (IllegalArgumentException e) { System.out.println(e.getMessage()); }
        for (Op op : Op.values()) System.out.print(op + "=" + apply(op, 12, 4) + " ");
        System.out.println();
        try { apply(Op.DIV, 1, 0); } catch (ArithmeticException e) { System.out.println(e); }
        for (Object o : new Object[] { 42, 7, "hey", "", 3L, 2.5 }) System.out.println(describe(o));
        String block = """
            Name:  %s
              Age: %d
            Done\
            """.formatted("Ada", 36);
        System.out.println(block);
        var counts = new TreeMap<Character, Integer>();
        for (char ch : "mississippi".toCharArray()) counts.merge(ch, 1, Integer::sum);
        System.out.println(counts);
        Object o = shapes.get(2);
        String kind = o instanceof Tri t && t.a() < t.c() ? "tri " + (t.a() + t.b() + t.c()) : "?";
        System.out.println(kind);
    }
}
