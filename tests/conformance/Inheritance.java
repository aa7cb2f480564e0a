// Inheritance: virtual dispatch through class hierarchies four levels deep,
// overriding and overloading, super.method() chains, abstract classes and
// methods, constructors calling overridable methods (dispatch to subclass
// before its fields are initialized), super constructor chaining with
// arguments, static methods hidden (not overridden), final methods,
// protected access, polymorphic arrays, toString overrides in the chain.
public class Inheritance {
    static abstract class Shape {
        protected final String name;
        static int created;

        Shape(String name) {
            this.name = name;
            created++;
            describeInCtor();
        }

        abstract double area();

        double scaledArea(double k) { return area() * k; }

        void describeInCtor() { System.out.println("  Shape ctor for " + name); }

        final String label() { return name + "[" + area() + "]"; }

        static String kind() { return "shape"; }

        @Override
        public String toString() { return "Shape(" + name + ")"; }
    }

    static class Rect extends Shape {
        final double w, h;
        String note = "rect-note";

        Rect(double w, double h) { this("rect", w, h); }

        protected Rect(String name, double w, double h) {
            super(name);
            this.w = w;
            this.h = h;
        }

        @Override
        double area() { return w * h; }

        @Override
        void describeInCtor() { System.out.println("  Rect override sees note=" + note + " w=" + w); }

        static String kind() { return "rect"; }

        @Override
        public String toString() { return "Rect(" + w + "x" + h + ") <: " + super.toString(); }
    }

    static class Square extends Rect {
        Square(double side) { super("square", side, side); }

        @Override
        public String toString() { return "Square/" + super.toString(); }
    }

    static class UnitSquare extends Square {
        UnitSquare() { super(1); }

        @Override
        double area() { return super.area() + 0.5; }   // silly but checks super chain

        @Override
        double scaledArea(double k) { return -super.scaledArea(k); }

        @Override
        public String toString() { return "Unit:" + super.toString(); }
    }

    static class Circle extends Shape {
        final double r;

        Circle(double r) {
            super("circle");
            this.r = r;
        }

        @Override
        double area() { return 3 * r * r; }
    }

    // overloading resolved statically, overriding dynamically
    static class Printer {
        String print(Object o) { return "Printer.obj"; }
        String print(String s) { return "Printer.str"; }
        String print(Shape s) { return "Printer.shape"; }
    }

    static class FancyPrinter extends Printer {
        @Override
        String print(Object o) { return "Fancy.obj"; }
        @Override
        String print(Shape s) { return "Fancy.shape:" + s.name; }
    }

    static class A { String who() { return "A"; } String callWho() { return "via A: " + who(); } }
    static class B extends A { @Override String who() { return "B"; } }
    static class C extends B { @Override String who() { return "C+" + super.who(); } }
    static class D extends C { @Override String callWho() { return "D> " + super.callWho(); } }

    public static void main(String[] args) {
        System.out.println("constructing:");
        Shape[] shapes = {new Rect(2, 3), new Square(4), new UnitSquare(), new Circle(2)};
        System.out.println("created " + Shape.created);
        for (Shape s : shapes) {
            System.out.println(s.getClass().getSimpleName() + ": area=" + s.area() + " scaled=" + s.scaledArea(2)
                    + " label=" + s.label() + " str=" + s);
        }
        double total = 0;
        for (int i = 0; i < 1000; i++) total += shapes[i % shapes.length].area();
        System.out.println("total " + total);
        System.out.println("static hiding: " + Shape.kind() + " " + Rect.kind());

        Printer p = new FancyPrinter();
        Object o = "a string";
        String str = "a string";
        Shape sh = shapes[1];
        System.out.println(p.print(o) + " " + p.print(str) + " " + p.print(sh) + " " + p.print((Object) sh)
                + " " + new Printer().print(sh));

        A[] as = {new A(), new B(), new C(), new D()};
        for (A a : as) System.out.println(a.getClass().getSimpleName() + ": " + a.who() + " | " + a.callWho());

        System.out.println("instanceof: " + (shapes[2] instanceof Square) + " " + (shapes[2] instanceof Rect) + " "
                + (shapes[3] instanceof Rect) + " " + (shapes[0] instanceof Square));
        System.out.println("class names: " + shapes[2].getClass().getName() + " " + Square.class.getSimpleName());
    }
}
