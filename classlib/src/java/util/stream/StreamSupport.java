package java.util.stream;

import java.util.Iterator;
import java.util.PrimitiveIterator;

/**
 * Makes streams from iterators (gcvm has no Spliterator: Collection.stream(), Arrays.stream(),
 * String.chars()/lines() come here). The JDK's spliterator-based methods are not provided.
 */
public final class StreamSupport {
    private StreamSupport() {
    }

    public static <T> Stream<T> fromIterator(Iterator<T> it) {
        return new RefPipeline<T>(it);
    }

    public static IntStream intsFromIterator(PrimitiveIterator.OfInt it) {
        return new IntPipeline(it);
    }

    public static IntStream ints(int[] a, int from, int to) {
        return IntPipeline.of(java.util.Arrays.copyOfRange(a, from, to));
    }

    public static LongStream longs(long[] a, int from, int to) {
        return LongPipeline.of(java.util.Arrays.copyOfRange(a, from, to));
    }

    public static DoubleStream doubles(double[] a, int from, int to) {
        return DoublePipeline.of(java.util.Arrays.copyOfRange(a, from, to));
    }
}
