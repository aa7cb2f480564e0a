package java.util;

import jdk.internal.gcvm.MD5;

/**
 * A 128-bit universally unique identifier, as two longs (most and least significant bits).
 * randomUUID is version 4 (from one shared Random seeded by the clock; the JDK uses
 * SecureRandom), nameUUIDFromBytes version 3 (MD5). toString, fromString, hashCode, equals and
 * compareTo (signed comparison of each half, as the JDK 17's) are the JDK's.
 */
public final class UUID implements java.io.Serializable, Comparable<UUID> {
    private final long mostSigBits;
    private final long leastSigBits;

    private static final class Holder {
        static final Random numberGenerator = new Random();
    }

    public UUID(long mostSigBits, long leastSigBits) {
        this.mostSigBits = mostSigBits;
        this.leastSigBits = leastSigBits;
    }

    private UUID(byte[] data) {
        long msb = 0;
        long lsb = 0;
        for (int i = 0; i < 8; i++) {
            msb = (msb << 8) | (data[i] & 0xff);
        }
        for (int i = 8; i < 16; i++) {
            lsb = (lsb << 8) | (data[i] & 0xff);
        }
        this.mostSigBits = msb;
        this.leastSigBits = lsb;
    }

    /** `data` with the version nibble set to `version` and the IETF variant. */
    private static UUID withVersion(byte[] data, int version) {
        data[6] &= 0x0f;
        data[6] |= (byte) (version << 4);
        data[8] &= 0x3f;
        data[8] |= (byte) 0x80;
        return new UUID(data);
    }

    public static UUID randomUUID() {
        byte[] randomBytes = new byte[16];
        synchronized (Holder.numberGenerator) {
            Holder.numberGenerator.nextBytes(randomBytes);
        }
        return withVersion(randomBytes, 4);
    }

    public static UUID nameUUIDFromBytes(byte[] name) {
        return withVersion(MD5.digest(name), 3);
    }

    public static UUID fromString(String name) {
        int len = name.length();
        if (len > 36) {
            throw new IllegalArgumentException("UUID string too large");
        }
        int dash1 = name.indexOf('-', 0);
        int dash2 = name.indexOf('-', dash1 + 1);
        int dash3 = name.indexOf('-', dash2 + 1);
        int dash4 = name.indexOf('-', dash3 + 1);
        int dash5 = name.indexOf('-', dash4 + 1);
        if (dash4 < 0 || dash5 >= 0) {
            throw new IllegalArgumentException("Invalid UUID string: " + name);
        }
        long mostSigBits = Long.parseLong(name, 0, dash1, 16) & 0xffffffffL;
        mostSigBits <<= 16;
        mostSigBits |= Long.parseLong(name, dash1 + 1, dash2, 16) & 0xffffL;
        mostSigBits <<= 16;
        mostSigBits |= Long.parseLong(name, dash2 + 1, dash3, 16) & 0xffffL;
        long leastSigBits = Long.parseLong(name, dash3 + 1, dash4, 16) & 0xffffL;
        leastSigBits <<= 48;
        leastSigBits |= Long.parseLong(name, dash4 + 1, len, 16) & 0xffffffffffffL;
        return new UUID(mostSigBits, leastSigBits);
    }

    public long getLeastSignificantBits() {
        return leastSigBits;
    }

    public long getMostSignificantBits() {
        return mostSigBits;
    }

    public int version() {
        return (int) ((mostSigBits >> 12) & 0x0f);
    }

    public int variant() {
        return (int) ((leastSigBits >>> (64 - (leastSigBits >>> 62))) & (leastSigBits >> 63));
    }

    public long timestamp() {
        checkTimeBased();
        return (mostSigBits & 0x0FFFL) << 48 | ((mostSigBits >> 16) & 0x0FFFFL) << 32 | mostSigBits >>> 32;
    }

    public int clockSequence() {
        checkTimeBased();
        return (int) ((leastSigBits & 0x3FFF000000000000L) >>> 48);
    }

    public long node() {
        checkTimeBased();
        return leastSigBits & 0x0000FFFFFFFFFFFFL;
    }

    private void checkTimeBased() {
        if (version() != 1) {
            throw new UnsupportedOperationException("Not a time-based UUID");
        }
    }

    public String toString() {
        StringBuilder sb = new StringBuilder(36);
        appendHex(sb, mostSigBits >>> 32, 8);
        sb.append('-');
        appendHex(sb, mostSigBits >>> 16, 4);
        sb.append('-');
        appendHex(sb, mostSigBits, 4);
        sb.append('-');
        appendHex(sb, leastSigBits >>> 48, 4);
        sb.append('-');
        appendHex(sb, leastSigBits, 12);
        return sb.toString();
    }

    private static void appendHex(StringBuilder sb, long value, int digits) {
        for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) {
            sb.append(Character.forDigit((int) (value >>> shift) & 0xf, 16));
        }
    }

    public int hashCode() {
        long hilo = mostSigBits ^ leastSigBits;
        return ((int) (hilo >> 32)) ^ (int) hilo;
    }

    public boolean equals(Object obj) {
        if (!(obj instanceof UUID)) {
            return false;
        }
        UUID id = (UUID) obj;
        return mostSigBits == id.mostSigBits && leastSigBits == id.leastSigBits;
    }

    public int compareTo(UUID val) {
        int mostSigBits = Long.compare(this.mostSigBits, val.mostSigBits);
        return mostSigBits != 0 ? mostSigBits : Long.compare(this.leastSigBits, val.leastSigBits);
    }
}
