// Boxing: autoboxing/unboxing of every primitive type (valueOf / xxxValue
// calls javac inserts), equals across box types (Integer(1) vs Long(1) is
// false), == on boxes outside caches compares identity (only printed for
// cached ranges and values guaranteed distinct by `new`-free valueOf
// semantics), unboxing null -> NullPointerException, boxing in
// collections, compound assignment on boxed variables (Integer i; i++),
// ternary numeric promotion unboxing, Number methods, compareTo,
// hashCode of boxes, parse/valueOf/toString round trips.
import java.util.ArrayList;
import java.util.List;

public class Boxing {
    static int unboxIt(Integer x) { return x; }
    static Object box(int x) { return x; }

    public static void main(String[] args) {
        Integer i = 5;
        Long l = 5L;
        Short s = 5;
        Byte b = 5;
        Character c = 'x';
        Boolean z = true;
        Float f = 5f;
        Double d = 5.0;
        System.out.println(i + " " + l + " " + s + " " + b + " " + c + " " + z + " " + f + " " + d);
        System.out.println("equals across types: " + i.equals(l) + " " + l.equals(5L) + " " + i.equals(5) + " " + d.equals(5.0)
                + " " + f.equals(5.0) + " " + s.equals((short) 5) + " " + b.equals(5));
        System.out.println("numeric == after unboxing: " + (i == 5) + " " + (l == 5) + " " + (i.intValue() == l.longValue())
                + " " + (d == 5) + " " + (c == 'x'));
        System.out.println("hashCodes: " + i.hashCode() + " " + l.hashCode() + " " + Long.valueOf(-1L).hashCode() + " " + s.hashCode()
                + " " + c.hashCode() + " " + z.hashCode() + " " + Boolean.FALSE.hashCode() + " " + f.hashCode() + " " + d.hashCode());
        System.out.println("compareTo: " + i.compareTo(7) + " " + l.compareTo(-5L) + " " + c.compareTo('a') + " " + z.compareTo(false)
                + " " + d.compareTo(Double.NaN) + " " + Integer.valueOf(Integer.MIN_VALUE).compareTo(1));

        // mutation of boxed locals creates new boxes
        Integer counter = 0;
        for (int k = 0; k < 10; k++) counter++;
        counter += 100;
        counter *= 2;
        Long lc = 1L;
        lc <<= 40;
        lc--;
        Double dc = 1.0;
        dc /= 3;
        Character cc = 'a';
        cc++;
        System.out.println("mutated: " + counter + " " + lc + " " + dc + " " + cc);

        // null unboxing
        Integer nul = null;
        try {
            int x = nul;
            System.out.println("no NPE " + x);
        } catch (NullPointerException e) {
            System.out.println("unboxing null -> NPE");
        }
        try {
            System.out.println(unboxIt(null));
        } catch (NullPointerException e) {
            System.out.println("unboxing null argument -> NPE");
        }
        Boolean nb = null;
        try {
            if (nb) System.out.println("?");
        } catch (NullPointerException e) {
            System.out.println("if (nullBoolean) -> NPE");
        }
        try {
            Integer r = true ? nul : 0;   // ternary unboxes nul
            System.out.println("no NPE " + r);
        } catch (NullPointerException e) {
            System.out.println("ternary numeric promotion -> NPE");
        }

        // ternary type promotion
        Object o1 = true ? 1 : 2.0;       // int promoted to double
        Object o2 = true ? (Object) 1 : 2.0;
        Object o3 = false ? 'a' : 98;      // constant 98 fits char -> Character
        System.out.println("ternary: " + o1 + " " + o1.getClass().getSimpleName() + " " + o2.getClass().getSimpleName()
                + " " + o3 + " " + o3.getClass().getSimpleName());

        // collections hold boxes
        List<Integer> list = new ArrayList<>();
        for (int k = 0; k < 10; k++) list.add(k * k);
        list.remove(Integer.valueOf(16));   // remove(Object)
        list.remove(0);                     // remove(int index)
        int sum = 0;
        for (int v : list) sum += v;
        System.out.println("list " + list + " sum " + sum + " contains 81 " + list.contains(81) + " indexOf 49 " + list.indexOf(49));
        List<Object> mixed = new ArrayList<>();
        mixed.add(1); mixed.add(1L); mixed.add(1.0); mixed.add(1.0f); mixed.add('1'); mixed.add((byte) 1); mixed.add((short) 1); mixed.add(true);
        StringBuilder types = new StringBuilder();
        for (Object o : mixed) types.append(o.getClass().getSimpleName()).append('=').append(o).append(' ');
        System.out.println(types.toString().trim());
        System.out.println("contains Integer 1: " + mixed.contains(1) + ", Long 1: " + mixed.contains(1L) + ", Short 2: " + mixed.contains((short) 2));

        // Number API
        Number[] nums = {42, 42L, 42.9, 42.9f, (byte) -42, (short) 4242};
        for (Number n : nums) {
            System.out.println(n.getClass().getSimpleName() + ": int " + n.intValue() + " long " + n.longValue() + " double "
                    + n.doubleValue() + " float " + n.floatValue() + " byte " + n.byteValue() + " short " + n.shortValue());
        }

        // parse / valueOf / toString
        System.out.println(Integer.parseInt("-0042") + " " + Integer.valueOf("17") + " " + Long.parseLong("9223372036854775807")
                + " " + Short.parseShort("-32768") + " " + Byte.parseByte("7f", 16) + " " + Boolean.parseBoolean("TRUE")
                + " " + Boolean.parseBoolean("yes") + " " + Double.parseDouble("2.5e-3") + " " + Float.parseFloat("1e2"));
        System.out.println(Integer.toString(255, 16) + " " + Integer.toString(-255, 2) + " " + Long.toString(Long.MIN_VALUE, 36)
                + " " + Character.toString(97) + " " + Boolean.toString(false) + " " + Double.toString(1e-5) + " " + Integer.toString(0));
        System.out.println("MIN/MAX: " + Byte.MIN_VALUE + " " + Byte.MAX_VALUE + " " + Short.MIN_VALUE + " " + Short.MAX_VALUE + " "
                + (int) Character.MIN_VALUE + " " + Integer.SIZE + " " + Long.BYTES + " " + Character.BYTES + " " + Double.SIZE);
        System.out.println("boxed method results: " + Integer.sum(3, 4) + " " + Integer.max(-1, -2) + " " + Long.min(1, 2) + " "
                + Double.sum(0.1, 0.2) + " " + Boolean.logicalXor(true, false) + " " + Character.valueOf('q').charValue());
        Object viaMethod = box(300);
        System.out.println("box(300) " + viaMethod + " " + viaMethod.equals(300) + " " + viaMethod.equals(300L));
    }
}
