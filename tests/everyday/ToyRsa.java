import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.*;

/** Textbook RSA as a number-theory class writes it: seeded probable primes, the key pair from
 * the totient, encrypting a message block by block, signing, and the Chinese-remainder speed-up. */
public class ToyRsa {
    public static void main(String[] args) {
        Random random = new Random(1977);
        BigInteger p = BigInteger.probablePrime(256, random);
        BigInteger q = BigInteger.probablePrime(256, random);
        BigInteger n = p.multiply(q);
        BigInteger phi = p.subtract(BigInteger.ONE).multiply(q.subtract(BigInteger.ONE));
        BigInteger e = BigInteger.valueOf(65537);
        while (!phi.gcd(e).equals(BigInteger.ONE)) e = e.add(BigInteger.TWO);
        BigInteger d = e.modInverse(phi);
        System.out.println("p bits " + p.bitLength() + ", q bits " + q.bitLength() + ", n bits " + n.bitLength());
        System.out.println("n = " + n.toString(16));
        System.out.println("d = " + d);
        System.out.println("e*d mod phi = " + e.multiply(d).mod(phi));

        String message = "Garbage collectors are watched, not guessed. \u00e9t\u00e9 \u2603 ".repeat(3);
        byte[] bytes = message.getBytes(StandardCharsets.UTF_8);
        int block = (n.bitLength() - 1) / 8;
        List<BigInteger> cipher = new ArrayList<>();
        for (int at = 0; at < bytes.length; at += block) {
            byte[] chunk = Arrays.copyOfRange(bytes, at, Math.min(bytes.length, at + block));
            cipher.add(new BigInteger(1, chunk).modPow(e, n));
        }
        System.out.println("blocks " + cipher.size() + ", first " + cipher.get(0).toString(36));

        BigInteger dp = d.mod(p.subtract(BigInteger.ONE)), dq = d.mod(q.subtract(BigInteger.ONE));
        BigInteger qInv = q.modInverse(p);
        StringBuilder decoded = new StringBuilder();
        java.io.ByteArrayOutputStream plain = new java.io.ByteArrayOutputStream();
        for (BigInteger c : cipher) {
            BigInteger m1 = c.modPow(dp, p), m2 = c.modPow(dq, q);
            BigInteger h = qInv.multiply(m1.subtract(m2)).mod(p);
            BigInteger m = m2.add(h.multiply(q));
            if (!m.equals(c.modPow(d, n))) throw new AssertionError("CRT disagrees");
            byte[] b = m.toByteArray();
            int skip = b.length > 1 && b[0] == 0 ? 1 : 0;
            plain.write(b, skip, b.length - skip);
        }
        decoded.append(new String(plain.toByteArray(), StandardCharsets.UTF_8));
        System.out.println("decrypted: " + decoded + " (" + decoded.toString().equals(message) + ")");

        BigInteger digest = new BigInteger(1, Integer.toString(message.hashCode()).getBytes(StandardCharsets.US_ASCII));
        BigInteger signature = digest.modPow(d, n);
        System.out.println("signature verifies: " + signature.modPow(e, n).equals(digest));
        System.out.println("tampered verifies: " + signature.add(BigInteger.ONE).modPow(e, n).equals(digest));
        System.out.println("p prime (certainty 50): " + p.isProbablePrime(50) + ", n prime: " + n.isProbablePrime(50));
        System.out.println("next prime after 2^64: " + BigInteger.ONE.shiftLeft(64).nextProbablePrime());
        System.out.println("bit count of d " + d.bitCount() + ", lowest set bit of phi " + phi.getLowestSetBit());
    }
}
