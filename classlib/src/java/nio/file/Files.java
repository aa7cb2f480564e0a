package java.nio.file;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.attribute.FileAttribute;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import jdk.internal.gcvm.FdInputStream;
import jdk.internal.gcvm.FdOutputStream;
import jdk.internal.gcvm.FileSystem;

/**
 * The common static file operations of java.nio.file.Files over {@link FileSystem}'s natives.
 * Failures are translated as the JDK's UnixException does: ENOENT becomes
 * NoSuchFileException(path), EEXIST FileAlreadyExistsException, EACCES AccessDeniedException,
 * anything else FileSystemException(path, null, OS text); reading a directory is
 * IOException("Is a directory"). Design choices: {@code lines} and {@code list} read
 * everything first and stream the list (the JDK's are lazy, the output is the same); charsets
 * are UTF-8, US-ASCII and ISO-8859-1, and malformed UTF-8 becomes U+FFFD instead of
 * MalformedInputException. Not provided: attributes (FileTime, getAttribute,
 * getLastModifiedTime, permissions), symbolic links, newDirectoryStream, walkFileTree, find,
 * isSameFile, probeContentType, channels.
 */
public final class Files {

    private Files() {
    }

    // ---------------------------------------------------------------- errors

    static IOException translate(int errno, Path file, Path other) {
        String f = file == null ? null : file.toString();
        String o = other == null ? null : other.toString();
        if (errno == FileSystem.ENOENT) {
            return new NoSuchFileException(f, o, null);
        }
        if (errno == FileSystem.EEXIST) {
            return new FileAlreadyExistsException(f, o, null);
        }
        if (errno == FileSystem.EACCES) {
            return new AccessDeniedException(f, o, null);
        }
        return new FileSystemException(f, o, FileSystem.errorMessage(errno));
    }

    /** The open flags for a write: CREATE, TRUNCATE_EXISTING and WRITE when none is given. */
    private static int writeFlags(OpenOption[] options) {
        if (options.length == 0) {
            return FileSystem.WRITE | FileSystem.CREATE | FileSystem.TRUNCATE;
        }
        int flags = FileSystem.WRITE;
        boolean append = false;
        boolean truncate = false;
        for (OpenOption o : options) {
            if (o == StandardOpenOption.READ) {
                throw new IllegalArgumentException("READ not allowed");
            } else if (o == StandardOpenOption.APPEND) {
                append = true;
                flags |= FileSystem.APPEND;
            } else if (o == StandardOpenOption.CREATE) {
                flags |= FileSystem.CREATE;
            } else if (o == StandardOpenOption.CREATE_NEW) {
                flags |= FileSystem.CREATE_NEW;
            } else if (o == StandardOpenOption.TRUNCATE_EXISTING) {
                truncate = true;
            } else if (o == null) {
                throw new NullPointerException();
            }
        }
        if (append && truncate) {
            throw new IllegalArgumentException("APPEND + TRUNCATE_EXISTING not allowed");
        }
        return truncate ? flags | FileSystem.TRUNCATE : flags;
    }

    private static int openForRead(Path path) throws IOException {
        int fd = FileSystem.open(path.toString(), FileSystem.READ);
        if (fd == -FileSystem.EISDIR) {
            throw new IOException("Is a directory");
        }
        if (fd < 0) {
            throw translate(-fd, path, null);
        }
        return fd;
    }

    private static int openForWrite(Path path, OpenOption[] options) throws IOException {
        int fd = FileSystem.open(path.toString(), writeFlags(options));
        if (fd < 0) {
            throw translate(-fd, path, null);
        }
        return fd;
    }

    // ---------------------------------------------------------------- streams

    public static InputStream newInputStream(Path path, OpenOption... options)
            throws IOException {
        return new FdInputStream(openForRead(path));
    }

    public static OutputStream newOutputStream(Path path, OpenOption... options)
            throws IOException {
        return new FdOutputStream(openForWrite(path, options));
    }

    public static BufferedReader newBufferedReader(Path path, Charset cs) throws IOException {
        return new BufferedReader(new InputStreamReader(newInputStream(path), cs));
    }

    public static BufferedReader newBufferedReader(Path path) throws IOException {
        return newBufferedReader(path, StandardCharsets.UTF_8);
    }

    public static BufferedWriter newBufferedWriter(Path path, Charset cs, OpenOption... options)
            throws IOException {
        return new BufferedWriter(new OutputStreamWriter(newOutputStream(path, options),
                cs.name()));
    }

    public static BufferedWriter newBufferedWriter(Path path, OpenOption... options)
            throws IOException {
        return newBufferedWriter(path, StandardCharsets.UTF_8, options);
    }

    // ---------------------------------------------------------------- whole files

    public static byte[] readAllBytes(Path path) throws IOException {
        int fd = openForRead(path);
        try {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            int n;
            while ((n = FileSystem.read(fd, buf, 0, buf.length)) > 0) {
                all.write(buf, 0, n);
            }
            return all.toByteArray();
        } finally {
            FileSystem.close(fd);
        }
    }

    public static String readString(Path path) throws IOException {
        return readString(path, StandardCharsets.UTF_8);
    }

    public static String readString(Path path, Charset cs) throws IOException {
        return new String(readAllBytes(path), cs);
    }

    public static List<String> readAllLines(Path path) throws IOException {
        return readAllLines(path, StandardCharsets.UTF_8);
    }

    public static List<String> readAllLines(Path path, Charset cs) throws IOException {
        BufferedReader reader = newBufferedReader(path, cs);
        try {
            List<String> result = new ArrayList<>();
            String line;
            while ((line = reader.readLine()) != null) {
                result.add(line);
            }
            return result;
        } finally {
            reader.close();
        }
    }

    public static Stream<String> lines(Path path) throws IOException {
        return readAllLines(path).stream();
    }

    public static Stream<String> lines(Path path, Charset cs) throws IOException {
        return readAllLines(path, cs).stream();
    }

    public static Path write(Path path, byte[] bytes, OpenOption... options) throws IOException {
        int fd = openForWrite(path, options);
        try {
            FileSystem.write(fd, bytes, 0, bytes.length);
        } finally {
            FileSystem.close(fd);
        }
        return path;
    }

    public static Path write(Path path, Iterable<? extends CharSequence> lines, Charset cs,
            OpenOption... options) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (CharSequence line : lines) {
            sb.append(line);
            sb.append(System.lineSeparator());
        }
        return write(path, sb.toString().getBytes(cs), options);
    }

    public static Path write(Path path, Iterable<? extends CharSequence> lines,
            OpenOption... options) throws IOException {
        return write(path, lines, StandardCharsets.UTF_8, options);
    }

    public static Path writeString(Path path, CharSequence csq, OpenOption... options)
            throws IOException {
        return writeString(path, csq, StandardCharsets.UTF_8, options);
    }

    public static Path writeString(Path path, CharSequence csq, Charset cs,
            OpenOption... options) throws IOException {
        return write(path, csq.toString().getBytes(cs), options);
    }

    // ---------------------------------------------------------------- queries

    public static boolean exists(Path path, LinkOption... options) {
        return FileSystem.kind(path.toString()) != 0;
    }

    public static boolean notExists(Path path, LinkOption... options) {
        return FileSystem.kind(path.toString()) == 0;
    }

    public static boolean isDirectory(Path path, LinkOption... options) {
        return FileSystem.kind(path.toString()) == FileSystem.KIND_DIRECTORY;
    }

    public static boolean isRegularFile(Path path, LinkOption... options) {
        return FileSystem.kind(path.toString()) == FileSystem.KIND_FILE;
    }

    public static long size(Path path) throws IOException {
        long[] st = new long[3];
        int err = FileSystem.stat(path.toString(), st);
        if (err < 0) {
            throw translate(-err, path, null);
        }
        return st[1];
    }

    // ---------------------------------------------------------------- creating and deleting

    public static Path createFile(Path path, FileAttribute<?>... attrs) throws IOException {
        int fd = FileSystem.open(path.toString(), FileSystem.WRITE | FileSystem.CREATE_NEW);
        if (fd < 0) {
            throw translate(-fd, path, null);
        }
        FileSystem.close(fd);
        return path;
    }

    public static Path createDirectory(Path dir, FileAttribute<?>... attrs) throws IOException {
        int err = FileSystem.mkdir(dir.toString());
        if (err < 0) {
            throw translate(-err, dir, null);
        }
        return dir;
    }

    /** Creates dir, or fails with FileAlreadyExistsException if something else is there. */
    private static void createAndCheckIsDirectory(Path dir) throws IOException {
        try {
            createDirectory(dir);
        } catch (FileAlreadyExistsException x) {
            if (!isDirectory(dir)) {
                throw x;
            }
        }
    }

    /**
     * The JDK's algorithm: try dir; otherwise find its nearest existing ancestor (of the
     * absolute path, which is then returned) and create each missing directory below it.
     */
    public static Path createDirectories(Path dir, FileAttribute<?>... attrs)
            throws IOException {
        try {
            createAndCheckIsDirectory(dir);
            return dir;
        } catch (FileAlreadyExistsException x) {
            throw x;
        } catch (IOException x) {
            // a parent may not exist: create the ancestors below
        }
        Path absolute = dir.toAbsolutePath();
        Path parent = absolute.getParent();
        while (parent != null && !exists(parent)) {
            parent = parent.getParent();
        }
        if (parent == null) {
            throw new FileSystemException(absolute.toString(), null,
                    "Unable to determine if root directory exists");
        }
        Path child = parent;
        for (Path name : parent.relativize(absolute)) {
            child = child.resolve(name);
            createAndCheckIsDirectory(child);
        }
        return absolute;
    }

    public static void delete(Path path) throws IOException {
        int err = FileSystem.delete(path.toString());
        if (err == -FileSystem.ENOTEMPTY || (err == -FileSystem.EEXIST && isDirectory(path))) {
            throw new DirectoryNotEmptyException(path.toString());
        }
        if (err < 0) {
            throw translate(-err, path, null);
        }
    }

    public static boolean deleteIfExists(Path path) throws IOException {
        if (FileSystem.kind(path.toString()) == 0) {
            return false;
        }
        delete(path);
        return true;
    }

    private static String tempName(String prefix, String suffix) {
        return (prefix == null ? "" : prefix) + Long.toUnsignedString(FileSystem.randomLong())
                + (suffix == null ? "" : suffix);
    }

    private static Path tempDirectory() {
        return Path.of(System.getProperty("java.io.tmpdir"));
    }

    public static Path createTempFile(Path dir, String prefix, String suffix,
            FileAttribute<?>... attrs) throws IOException {
        String s = suffix == null ? ".tmp" : suffix;
        while (true) {
            try {
                return createFile(dir.resolve(tempName(prefix, s)));
            } catch (FileAlreadyExistsException taken) {
                // another name
            }
        }
    }

    public static Path createTempFile(String prefix, String suffix, FileAttribute<?>... attrs)
            throws IOException {
        return createTempFile(tempDirectory(), prefix, suffix, attrs);
    }

    public static Path createTempDirectory(Path dir, String prefix, FileAttribute<?>... attrs)
            throws IOException {
        while (true) {
            try {
                return createDirectory(dir.resolve(tempName(prefix, null)));
            } catch (FileAlreadyExistsException taken) {
                // another name
            }
        }
    }

    public static Path createTempDirectory(String prefix, FileAttribute<?>... attrs)
            throws IOException {
        return createTempDirectory(tempDirectory(), prefix, attrs);
    }

    // ---------------------------------------------------------------- directories

    /** The entries of dir (in the OS's order, as the JDK's), or the JDK's exceptions. */
    private static List<Path> entries(Path dir) throws IOException {
        long[] st = new long[3];
        int err = FileSystem.stat(dir.toString(), st);
        if (err < 0) {
            throw translate(-err, dir, null);
        }
        if (st[0] != FileSystem.KIND_DIRECTORY) {
            throw new NotDirectoryException(dir.toString());
        }
        String[] names = FileSystem.list(dir.toString());
        if (names == null) {
            throw new AccessDeniedException(dir.toString());
        }
        List<Path> result = new ArrayList<>(names.length);
        for (String n : names) {
            result.add(dir.resolve(n));
        }
        return result;
    }

    public static Stream<Path> list(Path dir) throws IOException {
        return entries(dir).stream();
    }

    public static Stream<Path> walk(Path start, FileVisitOption... options) throws IOException {
        return walk(start, Integer.MAX_VALUE, options);
    }

    /** Depth first, each directory before its entries, as the JDK's FileTreeWalker. */
    public static Stream<Path> walk(Path start, int maxDepth, FileVisitOption... options)
            throws IOException {
        if (maxDepth < 0) {
            throw new IllegalArgumentException("'maxDepth' is negative");
        }
        if (!exists(start)) {
            size(start); // throws NoSuchFileException
        }
        List<Path> result = new ArrayList<>();
        walkInto(start, 0, maxDepth, result);
        return result.stream();
    }

    private static void walkInto(Path p, int depth, int maxDepth, List<Path> out)
            throws IOException {
        out.add(p);
        if (depth < maxDepth && isDirectory(p)) {
            for (Path child : entries(p)) {
                walkInto(child, depth + 1, maxDepth, out);
            }
        }
    }

    // ---------------------------------------------------------------- copy and move

    private static boolean has(CopyOption[] options, CopyOption wanted) {
        for (CopyOption o : options) {
            if (o == wanted) {
                return true;
            }
        }
        return false;
    }

    /** Refuses an existing target unless REPLACE_EXISTING, which deletes it first. */
    private static void clearTarget(Path target, CopyOption[] options) throws IOException {
        if (FileSystem.kind(target.toString()) != 0) {
            if (!has(options, StandardCopyOption.REPLACE_EXISTING)) {
                throw new FileAlreadyExistsException(target.toString());
            }
            delete(target);
        }
    }

    public static Path copy(Path source, Path target, CopyOption... options)
            throws IOException {
        int kind = FileSystem.kind(source.toString());
        if (kind == 0) {
            throw new NoSuchFileException(source.toString());
        }
        if (source.equals(target)) {
            return target;
        }
        clearTarget(target, options);
        if (kind == FileSystem.KIND_DIRECTORY) {
            return createDirectory(target);
        }
        write(target, readAllBytes(source), StandardOpenOption.CREATE_NEW);
        return target;
    }

    public static long copy(InputStream in, Path target, CopyOption... options)
            throws IOException {
        clearTarget(target, options);
        OutputStream out = newOutputStream(target, StandardOpenOption.CREATE_NEW);
        try {
            return in.transferTo(out);
        } finally {
            out.close();
        }
    }

    public static long copy(Path source, OutputStream out) throws IOException {
        byte[] bytes = readAllBytes(source);
        out.write(bytes);
        return bytes.length;
    }

    public static Path move(Path source, Path target, CopyOption... options)
            throws IOException {
        if (FileSystem.kind(source.toString()) == 0) {
            throw new NoSuchFileException(source.toString());
        }
        if (source.equals(target)) {
            return target;
        }
        clearTarget(target, options);
        int err = FileSystem.rename(source.toString(), target.toString());
        if (err < 0) {
            throw translate(-err, source, target);
        }
        return target;
    }
}
