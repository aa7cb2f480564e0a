import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * JDK 17's helpful NullPointerException messages (JEP 358): every form HotSpot words, and the
 * cases where it describes no source. Compiled without -g, so locals are <localN>.
 */
public class NullPointerMessages {
    enum Color { RED, GREEN }

    static class Node {
        String name;
        Node next;
        int[] data;
        Object[] items;
        long count;
        double weight;
        Node[] children;

        Node() {}

        Node(String name) { this.name = name; }

        String describe() { return next.name.trim(); }

        int nameLength() { return this.name.length(); }
    }

    static String staticName;
    static Node staticNode;
    static int[] staticInts;

    interface Case { void run() throws Throwable; }

    static void check(String label, Case c) {
        try {
            c.run();
            System.out.println(label + ": no exception");
        } catch (NullPointerException e) {
            System.out.println(label + ": " + e.getMessage());
        } catch (Throwable t) {
            System.out.println(label + ": " + t);
        }
    }

    static String nothing() { return null; }
    static Node emptyNode() { return new Node(); }
    static int length(String s) { return s.length(); }
    static int secondLength(long first, String second) { return second.length(); }
    static int reassigned(String s) { s = nothing(); return s.length(); }
    int instanceLength(double d, String s) { return s.length(); }

    static void invokes() {
        check("invokevirtual on a local", () -> { String s = null; s.length(); });
        check("invokeinterface on a local", () -> { List<String> l = null; l.add("x"); });
        check("static parameter", () -> length(null));
        check("parameter after a long", () -> secondLength(1L, null));
        check("reassigned parameter", () -> reassigned("x"));
        check("instance parameter", () -> new NullPointerMessages().instanceLength(1.0, null));
        check("return value", () -> nothing().length());
        check("static field", () -> staticName.isEmpty());
        check("unboxing a local", () -> { Integer i = null; int j = i; System.out.println(j); });
        check("unboxing a return value", () -> {
            Map<String, Integer> m = new HashMap<>();
            int j = m.get("missing");
            System.out.println(j);
        });
        check("StringBuilder parameter types", () -> {
            StringBuilder sb = null;
            sb.append("x").append(1).append('c');
        });
        check("signature with arrays and primitives", () -> {
            Map<String, int[]> m = null;
            m.put("k", new int[0]);
        });
        check("string switch", () -> {
            String s = null;
            switch (s) {
                case "a": System.out.println("a"); break;
                default: System.out.println("other");
            }
        });
        check("enum switch", () -> {
            Color c = null;
            switch (c) {
                case RED: System.out.println("red"); break;
                default: System.out.println("other");
            }
        });
        check("for-each over a list", () -> { List<String> l = null; for (String x : l) System.out.println(x); });
        check("array clone", () -> { int[] a = null; a.clone(); });
        check("null literal", () -> ((String) null).length());
        check("this in an instance method", () -> new Node().describe());
        check("this.field", () -> new Node().nameLength());
    }

    static void fields() {
        check("getfield on a local", () -> { Node n = null; System.out.println(n.name); });
        check("putfield on a local", () -> { Node n = null; n.name = "x"; });
        check("putfield of a long", () -> { Node n = null; n.count = 5L; });
        check("putfield of a double", () -> { Node n = null; n.weight = 2.5; });
        check("field chain", () -> { Node n = new Node(); n.next.next.name = "x"; });
        check("static field chain", () -> System.out.println(staticNode.name));
        check("field of a return value", () -> emptyNode().next.name.length());
        check("field of a new object", () -> new Node().data[0] = 1);
        check("compound assignment", () -> { Node n = new Node(); n.next.count += 3; });
        check("five levels deep", () -> {
            Node n = new Node();
            n.next = new Node();
            n.next.next = new Node();
            n.next.next.next = new Node();
            n.next.next.next.next = new Node();
            n.next.next.next.next.next.name.length();
        });
    }

    static void arrays() {
        check("iaload", () -> { int[] a = null; System.out.println(a[0]); });
        check("iastore", () -> { int[] a = null; a[1] = 3; });
        check("laload", () -> { long[] a = null; System.out.println(a[0]); });
        check("lastore", () -> { long[] a = null; a[1] = 3L; });
        check("faload", () -> { float[] a = null; System.out.println(a[0]); });
        check("fastore", () -> { float[] a = null; a[0] = 1f; });
        check("daload", () -> { double[] a = null; System.out.println(a[0]); });
        check("dastore", () -> { double[] a = null; a[0] = 1.0; });
        check("aaload", () -> { String[] a = null; System.out.println(a[0]); });
        check("aastore", () -> { Object[] a = null; a[1] = "x"; });
        check("baload", () -> { byte[] a = null; System.out.println(a[0]); });
        check("bastore boolean", () -> { boolean[] a = null; a[0] = true; });
        check("caload", () -> { char[] a = null; System.out.println(a[0]); });
        check("castore", () -> { char[] a = null; a[0] = 'x'; });
        check("saload", () -> { short[] a = null; System.out.println(a[0]); });
        check("sastore", () -> { short[] a = null; a[0] = 1; });
        check("arraylength", () -> { int[] a = null; System.out.println(a.length); });
        check("for-each over an array", () -> { int[] a = null; for (int x : a) System.out.println(x); });
        check("static array", () -> staticInts[2] = 1);
        check("element with a constant index", () -> { String[] a = new String[3]; a[2].length(); });
        check("element with a big constant index", () -> { String[] a = new String[300]; a[200].length(); });
        check("element with a local index", () -> { String[] a = new String[3]; int i = 1; a[i].length(); });
        check("element with a computed index", () -> { String[] a = new String[3]; int i = 0; a[i + 1].length(); });
        check("2d store", () -> { int[][] a = new int[3][]; a[1][2] = 5; });
        check("element of a field", () -> { Node n = new Node(); n.items = new Object[2]; n.items[1].hashCode(); });
        check("field of an element", () -> { Node n = new Node(); n.children = new Node[2]; n.children[1].name.length(); });
        check("element of an element index", () -> { String[] a = new String[3]; int[] idx = {2}; a[idx[0]].length(); });
    }

    static void others() {
        check("athrow", () -> { RuntimeException e = null; throw e; });
        check("monitorenter", () -> { Object o = null; synchronized (o) { System.out.println("in"); } });
        check("conditional merges two sources", () -> {
            String s = System.nanoTime() > 0 ? null : "x";
            s.length();
        });
        check("merged sources: no because", () -> (System.nanoTime() > 0 ? nothing() : staticName).length());
        check("in a loop", () -> {
            String s = "abc";
            for (int i = 0; i < 3; i++) {
                if (i == 2) s = null;
                System.out.println(s.length());
            }
        });
        check("in a catch block", () -> {
            String s = null;
            try { throw new IllegalStateException(); }
            catch (IllegalStateException e) { s.length(); }
        });
        check("inside a lambda's captured variable", () -> {
            String captured = nothing();
            Runnable r = () -> System.out.println(captured.length());
            r.run();
        });
    }

    static void explicit() {
        check("new NullPointerException()", () -> { throw new NullPointerException(); });
        check("with a message", () -> { throw new NullPointerException("mine"); });
        check("method reference applied to null (hidden frame)", () -> {
            java.util.function.Function<String, Integer> length = String::length;
            length.apply(null);
        });
        check("String.startsWith(null)", () -> "abc".startsWith(null));
        check("String.endsWith(null)", () -> "abc".endsWith(null));
        check("String.valueOf((char[]) null)", () -> String.valueOf((char[]) null));
        check("Objects.requireNonNull", () -> Objects.requireNonNull(null));
        check("Objects.requireNonNull message", () -> Objects.requireNonNull(null, "needed"));
        NullPointerException unthrown = new NullPointerException();
        System.out.println("unthrown: " + unthrown.getMessage());
        try {
            String s = null;
            s.isEmpty();
        } catch (NullPointerException e) {
            System.out.println("message: " + e.getMessage());
            System.out.println("again: " + e.getMessage());
            System.out.println("toString: " + e);
        }
        try {
            String s = null;
            s.isBlank();
        } catch (NullPointerException e) {
            e.fillInStackTrace();
            System.out.println("refilled before asking: " + e.getMessage());
        }
        List<String> list = new ArrayList<>();
        list.add(null);
        try {
            list.get(0).length();
        } catch (NullPointerException e) {
            System.out.println("from a collection: " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        invokes();
        fields();
        arrays();
        others();
        explicit();
    }
}
