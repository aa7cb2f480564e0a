// Enums: values()/valueOf()/ordinal()/name()/toString()/compareTo/
// getClass of constant bodies, enums with fields, constructors and methods, enum
// constants with bodies (constant-specific class bodies overriding methods),
// enums with abstract methods, enums implementing interfaces, static fields
// in enums initialized after constants, switch on enum (statement and
// expression), EnumSet-free/EnumMap-free maps keyed by enums (HashMap with
// enum keys is identity-hashed so only TreeMap/ordinal-indexed arrays are
// printed), valueOf of an unknown name -> IllegalArgumentException message,
// enum singletons and == comparisons.
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

public class Enums {
    enum Planet {
        MERCURY(3.303e+23, 2.4397e6), VENUS(4.869e+24, 6.0518e6), EARTH(5.976e+24, 6.37814e6), MARS(6.421e+23, 3.3972e6);

        private final double mass, radius;
        static final double G = 6.67300E-11;
        static int count;

        Planet(double mass, double radius) {
            this.mass = mass;
            this.radius = radius;
        }

        double surfaceGravity() { return G * mass / (radius * radius); }
    }

    enum Op {
        PLUS("+") { int apply(int a, int b) { return a + b; } },
        MINUS("-") { int apply(int a, int b) { return a - b; } },
        TIMES("*") {
            int apply(int a, int b) { return a * b; }
            @Override public String toString() { return "times!"; }
        },
        DIV("/") { int apply(int a, int b) { return a / b; } };

        final String symbol;
        Op(String symbol) { this.symbol = symbol; }
        abstract int apply(int a, int b);
    }

    interface Describable { String describe(); }

    enum Level implements Describable {
        LOW, MEDIUM, HIGH {
            @Override public String describe() { return "HIGH (urgent)"; }
        };

        static final List<String> created = new ArrayList<>();
        static { for (Level l : values()) created.add(l.name().toLowerCase()); }

        public String describe() { return name() + "#" + ordinal(); }
        Level next() { return values()[(ordinal() + 1) % values().length]; }
    }

    enum Empty {}

    enum Singleton {
        INSTANCE;
        private int hits;
        int hit() { return ++hits; }
    }

    static String classify(Level l) {
        switch (l) {
            case LOW: return "relax";
            case MEDIUM: return "watch";
            default: return "act";
        }
    }

    public static void main(String[] args) {
        for (Planet p : Planet.values()) {
            System.out.println(p + " ordinal " + p.ordinal() + " name " + p.name() + " gravity " + (Math.round(p.surfaceGravity() * 1000) / 1000.0));
        }
        System.out.println("valueOf " + Planet.valueOf("EARTH") + " same " + (Planet.valueOf("EARTH") == Planet.EARTH)
                + " compareTo " + Planet.MARS.compareTo(Planet.VENUS) + " equals " + Planet.MARS.equals(Planet.MARS));
        try {
            Planet.valueOf("PLUTO");
        } catch (IllegalArgumentException e) {
            System.out.println("valueOf PLUTO: " + e.getMessage());
        }
        try {
            Planet.valueOf(null);
        } catch (NullPointerException e) {
            System.out.println("valueOf null: NPE");
        }
        for (Op op : Op.values()) {
            System.out.println(op.name() + " " + op + " " + op.symbol + " 12" + op.symbol + "4=" + op.apply(12, 4)
                    + " class " + op.getClass().getName() + " body-class-is-enum-class " + (op.getClass() == Op.class));
        }
        System.out.println("Enum.valueOf " + Enum.valueOf(Op.class, "MINUS").apply(1, 2));
        for (Level l : Level.values()) System.out.println(l.describe() + " -> " + classify(l) + " next " + l.next()
                + " " + switch (l) { case LOW -> 1; case MEDIUM -> 2; case HIGH -> 3; });
        System.out.println("static init after constants: " + Level.created + " empty enum values " + Empty.values().length);
        Describable d = Level.HIGH;
        System.out.println("as interface: " + d.describe() + " instanceof Enum " + (d instanceof Enum));
        System.out.println("singleton " + Singleton.INSTANCE.hit() + " " + Singleton.INSTANCE.hit() + " " + Singleton.valueOf("INSTANCE").hit());

        // enum keyed maps (ordered by ordinal)
        TreeMap<Planet, Integer> visits = new TreeMap<>();
        String[] log = {"MARS", "EARTH", "MARS", "VENUS", "MARS", "EARTH"};
        for (String s : log) visits.merge(Planet.valueOf(s), 1, Integer::sum);
        System.out.println("visits " + visits);
        int[] perLevel = new int[Level.values().length];
        for (int i = 0; i < 100; i++) perLevel[Level.values()[i * i % 3].ordinal()]++;
        System.out.println("perLevel " + perLevel[0] + " " + perLevel[1] + " " + perLevel[2]);
        List<Op> ops = new ArrayList<>(List.of(Op.DIV, Op.PLUS, Op.TIMES, Op.MINUS));
        ops.sort(null);   // natural order = ordinal
        System.out.println("sorted ops " + ops + " hash-free identity " + (ops.get(0) == Op.PLUS));
        int acc = 100;
        for (Op op : Op.values()) acc = op.apply(acc, 3);
        System.out.println("fold " + acc);
    }
}
