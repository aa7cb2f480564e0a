package java.nio.file.attribute;

/** An attribute to set when creating a file; gcvm accepts none (none are ever passed). */
public interface FileAttribute<T> {
    String name();

    T value();
}
