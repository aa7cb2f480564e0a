// CharArithmetic: char as an unsigned 16-bit integer: arithmetic promotes
// to int, compound assignment and ++/-- wrap modulo 65536, char comparisons,
// char <-> int/byte/short conversions incl. values above 0x7FFF, char in
// switch and as array index, Caesar/ROT13 ciphers, hex digit conversion,
// building strings from computed chars, Character helpers, char arrays
// sorted and counted, and char concatenation vs. addition.
public class CharArithmetic {
    static char rot13(char c) {
        if (c >= 'a' && c <= 'z') return (char) ('a' + (c - 'a' + 13) % 26);
        if (c >= 'A' && c <= 'Z') return (char) ('A' + (c - 'A' + 13) % 26);
        return c;
    }

    static int hexValue(char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }

    public static void main(String[] args) {
        char a = 'a';
        System.out.println(a + 1);                    // int 98
        System.out.println((char) (a + 1));           // b
        System.out.println("" + a + 1);               // a1
        System.out.println('a' + 'b' + "c" + 'd' + 'e');
        char z = 'z';
        z++;
        System.out.println("z++ -> " + z + " (" + (int) z + ")");
        char max = '\uffff';
        max++;
        System.out.println("0xFFFF++ -> " + (int) max);
        char zero = 0;
        zero--;
        System.out.println("0-- -> " + (int) zero);
        char c = 'A';
        c += 2;
        c *= 2;          // (char)(67*2) = 134
        System.out.println("compound " + (int) c);
        c -= 200;        // wraps below zero
        System.out.println("wrap below zero " + (int) c);
        char hi = '\u8000';
        System.out.println("high char: int " + (int) hi + " short " + (short) hi + " byte " + (byte) hi + " >> 1 " + (hi >> 1)
                + " >>> 1 " + (hi >>> 1) + " > 'A' " + (hi > 'A'));
        short neg = -1;
        System.out.println("(char) -1 short -> " + (int) (char) neg + "; (char) -1 byte -> " + (int) (char) (byte) -1);

        // ciphers
        String msg = "Hello, World! The Quick Brown Fox.";
        StringBuilder r13 = new StringBuilder(), back = new StringBuilder(), caesar = new StringBuilder();
        for (char ch : msg.toCharArray()) r13.append(rot13(ch));
        for (int i = 0; i < r13.length(); i++) back.append(rot13(r13.charAt(i)));
        for (char ch : msg.toCharArray()) caesar.append(Character.isLetter(ch) ? (char) (ch + 3) : ch);
        System.out.println(r13 + " | " + back + " | " + caesar);

        // hex parsing and formatting by hand
        String hex = "DeadBEEF01";
        long v = 0;
        for (char ch : hex.toCharArray()) v = v * 16 + hexValue(ch);
        char[] digits = "0123456789abcdef".toCharArray();
        StringBuilder out = new StringBuilder();
        for (long t = v; t > 0; t >>>= 4) out.insert(0, digits[(int) (t & 15)]);
        System.out.println("hex " + hex + " = " + v + " -> " + out + " check " + Long.toHexString(v));

        // char as index / counting
        int[] counts = new int[128];
        String text = "the rain in spain stays mainly in the plain";
        for (int i = 0; i < text.length(); i++) counts[text.charAt(i)]++;
        StringBuilder freq = new StringBuilder();
        for (char ch = 'a'; ch <= 'z'; ch++) if (counts[ch] > 0) freq.append(ch).append(counts[ch]);
        System.out.println("freq " + freq + " spaces " + counts[' ']);
        char[] letters = text.replace(" ", "").toCharArray();
        java.util.Arrays.sort(letters);
        System.out.println("sorted " + new String(letters));

        // switch on char and ranges
        StringBuilder kinds = new StringBuilder();
        for (char ch : "aZ9 _\t-".toCharArray()) {
            switch (ch) {
                case ' ': case '\t': kinds.append('w'); break;
                case '_': case '-': kinds.append('p'); break;
                default: kinds.append(ch >= '0' && ch <= '9' ? 'd' : Character.isUpperCase(ch) ? 'U' : 'l');
            }
        }
        System.out.println("kinds " + kinds);

        // alphabet arithmetic
        StringBuilder alpha = new StringBuilder();
        for (char ch = 'A'; ch <= 'Z'; ch += 5) alpha.append(ch);
        for (char ch = 'z'; ch >= 'a'; ch -= 7) alpha.append(ch);
        System.out.println("alpha " + alpha + " distance " + ('z' - 'a') + " mid " + (char) (('a' + 'z') / 2));
        char[] word = {'j', 'a', 'v', 'a'};
        for (int i = 0; i < word.length; i++) word[i] -= 32;   // to upper case
        System.out.println("upper " + new String(word) + " " + String.valueOf(word, 1, 2) + " sum " + (word[0] + word[1] + word[2] + word[3]));
        System.out.println("Character: " + Character.isDigit('5') + " " + Character.isLetter('5') + " " + Character.toChars(66)[0]
                + " " + Character.compare('a', 'b') + " " + Character.MIN_RADIX + " " + Character.MAX_RADIX + " " + (int) Character.forDigit(35, 36));
        char ternary = true ? 'x' : 0;      // constant int fits: stays char
        int widened = false ? 'x' : 70000;  // int result
        System.out.println("ternary " + ternary + " " + widened);
    }
}
