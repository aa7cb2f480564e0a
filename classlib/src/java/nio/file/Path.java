package java.nio.file;

import java.io.File;
import java.util.Iterator;

/**
 * A file path. The only implementation is {@link UnixPath} (gcvm has one file system, the
 * default Unix one, and no FileSystem objects: no getFileSystem, toUri, register, toRealPath).
 */
public interface Path extends Comparable<Path>, Iterable<Path> {

    static Path of(String first, String... more) {
        return UnixPath.join(first, more);
    }

    boolean isAbsolute();

    Path getRoot();

    Path getFileName();

    Path getParent();

    int getNameCount();

    Path getName(int index);

    Path subpath(int beginIndex, int endIndex);

    boolean startsWith(Path other);

    default boolean startsWith(String other) {
        return startsWith(Path.of(other));
    }

    boolean endsWith(Path other);

    default boolean endsWith(String other) {
        return endsWith(Path.of(other));
    }

    Path normalize();

    Path resolve(Path other);

    default Path resolve(String other) {
        return resolve(Path.of(other));
    }

    default Path resolveSibling(Path other) {
        Path parent = getParent();
        return parent == null ? other : parent.resolve(other);
    }

    default Path resolveSibling(String other) {
        return resolveSibling(Path.of(other));
    }

    Path relativize(Path other);

    Path toAbsolutePath();

    default File toFile() {
        return new File(toString());
    }

    default Iterator<Path> iterator() {
        return new UnixPath.Names(this);
    }

    int compareTo(Path other);

    boolean equals(Object other);

    int hashCode();

    String toString();
}
