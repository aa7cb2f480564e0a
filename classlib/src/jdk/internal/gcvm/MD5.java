package jdk.internal.gcvm;

/**
 * MD5 (RFC 1321), for UUID.nameUUIDFromBytes: the message padded with 0x80, zeros and its bit
 * length (little-endian) to a multiple of 64 bytes, each block mixed into four 32-bit words
 * by 64 steps; the digest is the words little-endian.
 */
public final class MD5 {
    private MD5() {
    }

    /** Per-step left-rotation amounts, four per round. */
    private static final int[] SHIFTS = {7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21};

    /** floor(abs(sin(i + 1)) * 2^32), the additive constants. */
    private static final int[] K = new int[64];

    static {
        for (int i = 0; i < 64; i++) {
            K[i] = (int) (long) Math.floor(Math.abs(StrictMath.sin(i + 1)) * 4294967296.0);
        }
    }

    public static byte[] digest(byte[] message) {
        byte[] padded = pad(message);
        int[] state = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
        int[] x = new int[16];
        for (int block = 0; block < padded.length; block += 64) {
            for (int j = 0; j < 16; j++) {
                x[j] = littleEndianInt(padded, block + 4 * j);
            }
            mix(state, x);
        }
        byte[] out = new byte[16];
        for (int j = 0; j < 4; j++) {
            for (int b = 0; b < 4; b++) {
                out[4 * j + b] = (byte) (state[j] >>> (8 * b));
            }
        }
        return out;
    }

    private static byte[] pad(byte[] message) {
        int length = ((message.length + 8) / 64 + 1) * 64;
        byte[] padded = new byte[length];
        System.arraycopy(message, 0, padded, 0, message.length);
        padded[message.length] = (byte) 0x80;
        long bits = (long) message.length * 8;
        for (int b = 0; b < 8; b++) {
            padded[length - 8 + b] = (byte) (bits >>> (8 * b));
        }
        return padded;
    }

    private static int littleEndianInt(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
    }

    private static void mix(int[] state, int[] x) {
        int a = state[0];
        int b = state[1];
        int c = state[2];
        int d = state[3];
        for (int i = 0; i < 64; i++) {
            int f;
            int g;
            int round = i >> 4;
            if (round == 0) {
                f = (b & c) | (~b & d);
                g = i;
            } else if (round == 1) {
                f = (d & b) | (~d & c);
                g = (5 * i + 1) & 15;
            } else if (round == 2) {
                f = b ^ c ^ d;
                g = (3 * i + 5) & 15;
            } else {
                f = c ^ (b | ~d);
                g = (7 * i) & 15;
            }
            int rotated = Integer.rotateLeft(a + f + K[i] + x[g], SHIFTS[(round << 2) | (i & 3)]);
            a = d;
            d = c;
            c = b;
            b = b + rotated;
        }
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
    }
}
