import java.util.ArrayList;
import java.util.List;

// Lab 01: with no collector, every allocation stays. This program keeps allocating arrays of
// mixed sizes, and keeps them, until the heap is exhausted: it must end with
// "java.lang.OutOfMemoryError: Java heap space" (exit status 1), as under HotSpot's Epsilon.
public class FillTheHeap {
    public static void main(String[] args) {
        System.out.println("filling the heap");
        List<Object> kept = new ArrayList<>();
        for (int round = 0; ; round++) {
            int size = 8 + (round * 37) % 600; // 8..607 longs: small and medium arrays
            long[] a = new long[size];
            a[size - 1] = round;
            kept.add(a);
        }
    }
}
