// ObjectMethods: java.lang.Object protocol on user classes: equals/hashCode
// overrides (symmetric, with getClass() vs instanceof checks), hashCode
// contracts used by HashMap/HashSet with user keys (deterministic hashes),
// toString overrides and their implicit use in concat/println/collections,
// Objects.equals/hash/hashCode/toString/requireNonNull(message)/
// requireNonNullElse/isNull, getClass().getName() and getSimpleName() for
// top-level, nested, inner, local, anonymous and array classes, getClass()
// identity for same class, clone() via Cloneable (shallow copy) and
// CloneNotSupportedException without it.
import java.util.*;

public class ObjectMethods {
    static class Money {
        final long cents;
        final String currency;
        Money(long cents, String currency) { this.cents = cents; this.currency = currency; }

        @Override
        public boolean equals(Object o) {
            if (this == o) return true;
            if (o == null || getClass() != o.getClass()) return false;
            Money m = (Money) o;
            return cents == m.cents && currency.equals(m.currency);
        }

        @Override
        public int hashCode() { return Objects.hash(cents, currency); }

        @Override
        public String toString() { return String.format("%d.%02d %s", cents / 100, cents % 100, currency); }
    }

    static class Tagged extends Money {
        final String tag;
        Tagged(long c, String cur, String tag) { super(c, cur); this.tag = tag; }
        @Override public String toString() { return super.toString() + " #" + tag; }
    }

    static class Key {
        final int id;
        Key(int id) { this.id = id; }
        @Override public boolean equals(Object o) { return o instanceof Key k && k.id == id; }
        @Override public int hashCode() { return id % 10; }  // deliberately many collisions
        @Override public String toString() { return "K" + id; }
    }

    static class Sheep implements Cloneable {
        String name;
        int[] tags;
        Sheep(String name, int[] tags) { this.name = name; this.tags = tags; }
        @Override public Sheep clone() {
            try {
                return (Sheep) super.clone();
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }

    static class NotCloneable {
        Object tryClone() throws CloneNotSupportedException { return super.clone(); }
    }

    class Inner {}

    public static void main(String[] args) throws Exception {
        Money a = new Money(1234, "EUR"), b = new Money(1234, "EUR"), c = new Money(1234, "USD");
        Tagged t = new Tagged(1234, "EUR", "x");
        System.out.println(a + " | " + c + " | " + t);
        System.out.println("equals " + a.equals(b) + " " + b.equals(a) + " " + a.equals(c) + " " + a.equals(t) + " " + t.equals(a)
                + " " + a.equals(null) + " hash " + a.hashCode() + " " + b.hashCode() + " " + c.hashCode() + " " + t.hashCode());
        Set<Money> wallet = new HashSet<>(List.of(a, c));
        System.out.println("set contains b " + wallet.contains(b) + " size after add b " + (wallet.add(b) ? "grew" : "same") + " " + wallet.size());

        Map<Key, String> km = new HashMap<>();
        for (int i = 0; i < 30; i++) km.put(new Key(i * 7), "v" + i);
        System.out.println("user keys " + km.keySet());
        System.out.println("lookup " + km.get(new Key(21)) + " " + km.get(new Key(22)) + " remove " + km.remove(new Key(70)) + " size " + km.size());

        System.out.println("Objects: " + Objects.equals(null, null) + " " + Objects.equals(a, b) + " " + Objects.equals(a, null)
                + " hash " + Objects.hash(1, "a", null) + " " + Objects.hash() + " " + Objects.hashCode(null) + " " + Objects.hashCode("a")
                + " toString " + Objects.toString(null) + " " + Objects.toString(null, "dflt") + " " + Objects.isNull(null)
                + " " + Objects.nonNull(a) + " " + Objects.requireNonNullElse(null, "else"));
        try {
            Objects.requireNonNull(null, "thing must not be null");
        } catch (NullPointerException e) {
            System.out.println("requireNonNull: " + e.getMessage());
        }
        System.out.println("Arrays.hashCode " + Arrays.hashCode(new Object[]{1, "a", null}) + " List.hashCode " + Arrays.asList(1, "a", null).hashCode());

        // class names
        Object anon = new Object() { @Override public String toString() { return "anon"; } };
        class LocalThing {}
        Object[] samples = {a, t, new Key(1), new ObjectMethods().new Inner(), new LocalThing(), anon, new int[0], new Money[0][0],
                "s", 1, new ArrayList<String>(), new StringBuilder(), new Object()};
        for (Object o : samples) System.out.println(o.getClass().getName() + " / " + o.getClass().getSimpleName());
        System.out.println("same class object " + (a.getClass() == b.getClass()) + " " + (a.getClass() == t.getClass())
                + " " + (new int[1].getClass() == new int[5].getClass()) + " " + (String.class == "x".getClass()));
        System.out.println("class literal names " + int.class.getName() + " " + Integer.class.getName() + " " + int[].class.getName()
                + " " + String[][].class.getSimpleName() + " " + Map.Entry.class.getName() + " " + void.class.getName());

        // clone
        Sheep dolly = new Sheep("dolly", new int[]{1, 2});
        Sheep copy = dolly.clone();
        copy.name = "molly";
        copy.tags[0] = 99;
        System.out.println("clone " + dolly.name + " " + copy.name + " shared tags " + (dolly.tags == copy.tags) + " " + dolly.tags[0]
                + " same class " + (copy.getClass() == Sheep.class) + " distinct " + (copy != dolly));
        try {
            new NotCloneable().tryClone();
        } catch (CloneNotSupportedException e) {
            System.out.println("CloneNotSupportedException: " + e.getMessage());
        }
        // toString used implicitly
        List<Object> mix = new ArrayList<>(List.of(a, new Key(5), Optional.of(t), List.of(c)));
        System.out.println("implicit toString " + mix + " " + String.valueOf(new Key(3)) + " " + Objects.toString(new Key(4)));
        StringBuilder sb = new StringBuilder().append(new Key(6)).append(a);
        System.out.println(sb);
    }
}
