// RandomSeq: java.util.Random's specified LCG (seed scrambling with
// 0x5DEECE66D, 48-bit state): nextInt, nextInt(bound) for power-of-two and
// other bounds (incl. rejection loop), nextInt(origin, bound)-free,
// nextLong, nextDouble, nextFloat, nextBoolean, nextGaussian (polar method
// with cached second value), nextBytes, setSeed resets the Gaussian cache,
// equal seeds give equal sequences, and Collections.shuffle with a seeded
// Random.
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

public class RandomSeq {
    public static void main(String[] args) {
        long[] seeds = {0L, 1L, 42L, -1L, 123456789L, Long.MIN_VALUE};
        for (long seed : seeds) {
            Random r = new Random(seed);
            StringBuilder sb = new StringBuilder("seed " + seed + ":");
            for (int i = 0; i < 5; i++) sb.append(' ').append(r.nextInt());
            sb.append(" |");
            for (int i = 0; i < 5; i++) sb.append(' ').append(r.nextInt(100));
            sb.append(" |");
            for (int i = 0; i < 3; i++) sb.append(' ').append(r.nextLong());
            System.out.println(sb);
        }
        Random r = new Random(2024);
        StringBuilder sb = new StringBuilder("bounds:");
        int[] bounds = {1, 2, 16, 1 << 30, 3, 7, 1000, Integer.MAX_VALUE, (1 << 30) + 1};
        for (int b : bounds) sb.append(' ').append(r.nextInt(b));
        System.out.println(sb);
        sb.setLength(0);
        sb.append("doubles:");
        for (int i = 0; i < 6; i++) sb.append(' ').append(r.nextDouble());
        System.out.println(sb);
        sb.setLength(0);
        sb.append("floats:");
        for (int i = 0; i < 6; i++) sb.append(' ').append(r.nextFloat());
        System.out.println(sb);
        sb.setLength(0);
        sb.append("booleans: ");
        for (int i = 0; i < 32; i++) sb.append(r.nextBoolean() ? '1' : '0');
        System.out.println(sb);
        sb.setLength(0);
        sb.append("gaussians:");
        for (int i = 0; i < 7; i++) sb.append(' ').append(r.nextGaussian());
        System.out.println(sb);
        byte[] bytes = new byte[11];
        r.nextBytes(bytes);
        sb.setLength(0);
        sb.append("bytes:");
        for (byte b : bytes) sb.append(' ').append(b);
        System.out.println(sb);

        // setSeed resets state including the cached gaussian
        Random g = new Random(7);
        double g1 = g.nextGaussian();
        g.setSeed(7);
        double g2 = g.nextGaussian();
        double g3 = g.nextGaussian();
        g.setSeed(7);
        System.out.println("setSeed: " + (g1 == g2) + " " + g2 + " " + g3 + " " + (g.nextGaussian() == g1));

        // equal seeds, equal sequences
        Random x = new Random(99), y = new Random(99);
        boolean same = true;
        for (int i = 0; i < 1000; i++) if (x.nextInt(1000) != y.nextInt(1000)) same = false;
        System.out.println("same sequences: " + same);

        // statistics over a long sequence (deterministic)
        Random s = new Random(31337);
        int[] histogram = new int[10];
        double sum = 0;
        long lsum = 0;
        for (int i = 0; i < 20000; i++) {
            histogram[s.nextInt(10)]++;
            sum += s.nextDouble();
            lsum += s.nextInt() >> 8;
        }
        sb.setLength(0);
        for (int h : histogram) sb.append(h).append(' ');
        System.out.println("histogram " + sb.toString().trim() + " sum " + sum + " lsum " + lsum);

        // Monte Carlo estimate (deterministic given the seed)
        Random mc = new Random(1);
        int inside = 0;
        for (int i = 0; i < 20000; i++) {
            double px = mc.nextDouble(), py = mc.nextDouble();
            if (px * px + py * py <= 1) inside++;
        }
        System.out.println("pi ~ " + 4.0 * inside / 20000);

        List<String> cards = new ArrayList<>();
        for (char suit : "SHDC".toCharArray()) for (int v = 1; v <= 5; v++) cards.add("" + suit + v);
        java.util.Collections.shuffle(cards, new Random(5));
        System.out.println("shuffled " + cards);
        java.util.Collections.shuffle(cards, new Random(5));
        System.out.println("again    " + cards);
    }
}
