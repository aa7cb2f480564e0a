import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.List;

/** A soft reference survives collections while memory is plentiful and is cleared before the
 * VM throws OutOfMemoryError. Run with -Xmx32m. */
public class SoftKeptUntilPressure {
    public static void main(String[] args) {
        SoftReference<byte[]> soft = new SoftReference<>(new byte[4 << 20]);
        for (int i = 0; i < 3; i++) System.gc();
        System.out.println("kept after three collections: " + (soft.get() != null));
        List<byte[]> hog = new ArrayList<>();
        boolean oom = false;
        try {
            while (true) hog.add(new byte[256 << 10]);
        } catch (OutOfMemoryError e) {
            oom = true;
        }
        int chunks = hog.size();
        hog = null;
        System.out.println("ran out of memory: " + oom + ", allocated more than the soft data: " + (chunks > 16));
        System.out.println("cleared before OutOfMemoryError: " + (soft.get() == null));
    }
}
