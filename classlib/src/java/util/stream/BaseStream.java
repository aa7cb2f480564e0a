package java.util.stream;

import java.util.Iterator;

/** What every stream has. gcvm streams are sequential: parallel() returns the same stream. */
public interface BaseStream<T, S extends BaseStream<T, S>> extends AutoCloseable {
    Iterator<T> iterator();

    boolean isParallel();

    S sequential();

    S parallel();

    S unordered();

    S onClose(Runnable closeHandler);

    void close();
}
