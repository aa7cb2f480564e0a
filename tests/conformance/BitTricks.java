// BitTricks: classic bit manipulation on int and long: power-of-two tests,
// lowest set bit isolation (x & -x), clearing lowest bit, popcount by
// Kernighan and SWAR vs Integer.bitCount, bit reversal by hand, Gray code,
// sign extraction without branches, abs/min/max without branches,
// xor swap, bitsets in long arrays (set/clear/test/count), masks with
// shifts of 31/32/63/64, rotate by hand vs Integer.rotateLeft, Morton
// interleaving, parity, next permutation of bits (Gosper's hack), and
// byte packing/unpacking with sign handling.
public class BitTricks {
    static int popKernighan(long x) { int c = 0; while (x != 0) { x &= x - 1; c++; } return c; }

    static int popSwar(int x) {
        x = x - ((x >>> 1) & 0x55555555);
        x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
        x = (x + (x >>> 4)) & 0x0F0F0F0F;
        return (x * 0x01010101) >>> 24;
    }

    static int reverseBits(int x) {
        int r = 0;
        for (int i = 0; i < 32; i++) { r = (r << 1) | (x & 1); x >>>= 1; }
        return r;
    }

    static long interleave(int x, int y) {
        long z = 0;
        for (int i = 0; i < 16; i++) {
            z |= (long) ((x >> i) & 1) << (2 * i);
            z |= (long) ((y >> i) & 1) << (2 * i + 1);
        }
        return z;
    }

    static int nextSameBits(int v) {            // Gosper's hack
        int t = v | (v - 1);
        return (t + 1) | (((~t & -~t) - 1) >>> (Integer.numberOfTrailingZeros(v) + 1));
    }

    public static void main(String[] args) {
        int[] xs = {0, 1, 2, 3, 12, 64, 96, 255, 1024, 0x40000000, Integer.MIN_VALUE, -1, -12, 0x7FFFFFFF, 0x12345678};
        for (int x : xs) {
            boolean pow2 = x != 0 && (x & (x - 1)) == 0;
            System.out.println(x + ": pow2 " + pow2 + " lowbit " + (x & -x) + " clearLow " + (x & (x - 1)) + " pop " + popKernighan(x & 0xFFFFFFFFL)
                    + "/" + popSwar(x) + "/" + Integer.bitCount(x) + " rev " + (reverseBits(x) == Integer.reverse(x)) + " gray " + (x ^ (x >>> 1))
                    + " sign " + ((x >> 31) | (-x >>> 31)) + " abs " + ((x ^ (x >> 31)) - (x >> 31)) + " parity " + (Integer.bitCount(x) & 1));
        }
        int a = 13, b = -7;
        int min = b ^ ((a ^ b) & -(a < b ? 1 : 0));
        int max = a ^ ((a ^ b) & -(a < b ? 1 : 0));
        a ^= b; b ^= a; a ^= b;
        System.out.println("branchless min " + min + " max " + max + " xor swap " + a + " " + b);

        // masks with edge shift counts
        for (int n : new int[]{0, 1, 31, 32, 33}) {
            int mask = n >= 32 ? -1 : (1 << n) - 1;
            long lmask = n >= 64 ? -1L : (1L << n) - 1;
            System.out.println("mask(" + n + ") int " + Integer.toHexString(mask) + " long " + Long.toHexString(lmask)
                    + " naive int " + Integer.toHexString((1 << n) - 1) + " naive long " + Long.toHexString((1L << n) - 1));
        }
        System.out.println("1L<<63 " + (1L << 63) + " 1L<<64 " + (1L << 64) + " -1>>>32 " + (-1 >>> 32) + " -1L>>>63 " + (-1L >>> 63));

        // rotate by hand
        int v = 0x80000001;
        for (int r : new int[]{1, 4, 31, 32, 36}) {
            int byHand = (v << r) | (v >>> (32 - r));
            System.out.println("rotl " + r + ": " + Integer.toHexString(byHand) + " " + (byHand == Integer.rotateLeft(v, r)));
        }

        // bitset in long[]
        long[] bits = new long[4];
        for (int i = 0; i < 256; i += 3) bits[i >>> 6] |= 1L << i;   // shift count masked to 6 bits
        for (int i = 0; i < 256; i += 7) bits[i >> 6] &= ~(1L << (i & 63));
        int set = 0;
        for (long w : bits) set += Long.bitCount(w);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 40; i++) sb.append((bits[i >> 6] >>> i & 1) == 1 ? '#' : '.');
        System.out.println("bitset " + set + " " + sb + " words " + Long.toHexString(bits[0]) + " " + Long.toHexString(bits[3]));

        // Morton codes and Gosper
        System.out.println("morton " + interleave(0, 0) + " " + interleave(1, 0) + " " + interleave(0, 1) + " " + interleave(3, 5)
                + " " + interleave(0xFFFF, 0) + " " + Long.toHexString(interleave(0xFFFF, 0xFFFF)));
        sb.setLength(0);
        for (int p = 0b111, n = 0; n < 10; n++, p = nextSameBits(p)) sb.append(Integer.toBinaryString(p)).append(' ');
        System.out.println("gosper " + sb.toString().trim());

        // byte packing
        int packed = 0;
        byte[] bs = {(byte) 0xCA, (byte) 0xFE, 0x12, (byte) 0x80};
        for (byte x : bs) packed = (packed << 8) | (x & 0xFF);
        byte[] unpacked = new byte[4];
        for (int i = 0; i < 4; i++) unpacked[i] = (byte) (packed >>> (24 - 8 * i));
        int wrong = 0;
        for (byte x : bs) wrong = (wrong << 8) | x;      // sign extension bug, on purpose
        System.out.println("packed " + Integer.toHexString(packed) + " unpacked " + java.util.Arrays.toString(unpacked) + " sign-extended "
                + Integer.toHexString(wrong));
        long big = 0;
        for (int i = 0; i < 8; i++) big = (big << 8) | ((i * 37 + 200) & 0xFF);
        System.out.println("long pack " + Long.toHexString(big) + " byte3 " + (byte) (big >> 24) + " ubyte3 " + ((big >> 24) & 0xFF)
                + " high nibble " + (big >>> 60) + " arithmetic " + (big >> 60));

        // hash mixing functions (murmur3 fmix32/fmix64)
        int h = 0x12345678;
        h ^= h >>> 16; h *= 0x85ebca6b; h ^= h >>> 13; h *= 0xc2b2ae35; h ^= h >>> 16;
        long k = 0x123456789ABCDEFL;
        k ^= k >>> 33; k *= 0xff51afd7ed558ccdL; k ^= k >>> 33; k *= 0xc4ceb9fe1a85ec53L; k ^= k >>> 33;
        System.out.println("fmix32 " + Integer.toHexString(h) + " fmix64 " + Long.toHexString(k));
    }
}
