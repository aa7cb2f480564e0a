package java.io;

import java.util.ArrayList;
import jdk.internal.gcvm.FileSystem;

/**
 * A file name, as the JDK's java.io.File on Unix: the path is normalized at construction
 * (repeated and trailing slashes removed), queries go to {@link FileSystem}'s natives, and the
 * boolean operations return false instead of throwing, as the JDK's do. Not provided:
 * permissions (canRead/canWrite/setReadable...), deleteOnExit, listRoots, free-space queries;
 * getCanonicalPath resolves "." and ".." in the absolute path but not symbolic links.
 */
public class File implements Serializable, Comparable<File> {

    public static final char separatorChar = '/';
    public static final String separator = "/";
    public static final char pathSeparatorChar = ':';
    public static final String pathSeparator = ":";

    private final String path;

    public File(String pathname) {
        if (pathname == null) {
            throw new NullPointerException();
        }
        this.path = normalize(pathname);
    }

    public File(String parent, String child) {
        if (child == null) {
            throw new NullPointerException();
        }
        this.path = parent == null ? normalize(child) : join(parent, child);
    }

    public File(File parent, String child) {
        if (child == null) {
            throw new NullPointerException();
        }
        this.path = parent == null ? normalize(child) : join(parent.path, child);
    }

    private static String join(String parent, String child) {
        String c = normalize(child);
        String p = parent.isEmpty() ? "/" : normalize(parent);
        if (c.isEmpty()) {
            return p;
        }
        if (c.charAt(0) == '/') {
            return p.equals("/") ? c : p + c;
        }
        return p.equals("/") ? p + c : p + "/" + c;
    }

    /** Removes repeated slashes and a trailing slash (but keeps a lone "/"). */
    static String normalize(String p) {
        StringBuilder sb = new StringBuilder(p.length());
        char prev = 0;
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '/' && prev == '/') {
                continue;
            }
            sb.append(c);
            prev = c;
        }
        if (sb.length() > 1 && sb.charAt(sb.length() - 1) == '/') {
            sb.setLength(sb.length() - 1);
        }
        return sb.toString();
    }

    public String getName() {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    public String getParent() {
        int at = path.lastIndexOf('/');
        if (at < 0 || path.length() == 1) {
            return null;
        }
        return at == 0 ? "/" : path.substring(0, at);
    }

    public File getParentFile() {
        String p = getParent();
        return p == null ? null : new File(p);
    }

    public String getPath() {
        return path;
    }

    public boolean isAbsolute() {
        return path.startsWith("/");
    }

    public String getAbsolutePath() {
        if (isAbsolute()) {
            return path;
        }
        return join(FileSystem.currentDirectory(), path);
    }

    public File getAbsoluteFile() {
        return new File(getAbsolutePath());
    }

    public String getCanonicalPath() throws IOException {
        return java.nio.file.Path.of(getAbsolutePath()).normalize().toString();
    }

    public File getCanonicalFile() throws IOException {
        return new File(getCanonicalPath());
    }

    public boolean exists() {
        return FileSystem.kind(path) != 0;
    }

    public boolean isFile() {
        return FileSystem.kind(path) == FileSystem.KIND_FILE;
    }

    public boolean isDirectory() {
        return FileSystem.kind(path) == FileSystem.KIND_DIRECTORY;
    }

    public boolean isHidden() {
        return getName().startsWith(".");
    }

    public long length() {
        long[] st = FileSystem.stat(path);
        return st == null ? 0L : st[1];
    }

    public long lastModified() {
        long[] st = FileSystem.stat(path);
        return st == null ? 0L : st[2];
    }

    public boolean createNewFile() throws IOException {
        int fd = FileSystem.open(path, FileSystem.WRITE | FileSystem.CREATE_NEW);
        if (fd == -FileSystem.EEXIST) {
            return false;
        }
        if (fd < 0) {
            throw new IOException(FileSystem.errorMessage(-fd));
        }
        FileSystem.close(fd);
        return true;
    }

    public boolean delete() {
        return FileSystem.delete(path) == 0;
    }

    public String[] list() {
        return FileSystem.list(path);
    }

    public File[] listFiles() {
        String[] names = list();
        if (names == null) {
            return null;
        }
        File[] files = new File[names.length];
        for (int i = 0; i < names.length; i++) {
            files[i] = new File(this, names[i]);
        }
        return files;
    }

    public File[] listFiles(FileFilter filter) {
        File[] all = listFiles();
        if (all == null) {
            return null;
        }
        ArrayList<File> kept = new ArrayList<>();
        for (File f : all) {
            if (filter == null || filter.accept(f)) {
                kept.add(f);
            }
        }
        return kept.toArray(new File[0]);
    }

    public File[] listFiles(FilenameFilter filter) {
        String[] names = list();
        if (names == null) {
            return null;
        }
        ArrayList<File> kept = new ArrayList<>();
        for (String n : names) {
            if (filter == null || filter.accept(this, n)) {
                kept.add(new File(this, n));
            }
        }
        return kept.toArray(new File[0]);
    }

    public String[] list(FilenameFilter filter) {
        String[] names = list();
        if (names == null || filter == null) {
            return names;
        }
        ArrayList<String> kept = new ArrayList<>();
        for (String n : names) {
            if (filter.accept(this, n)) {
                kept.add(n);
            }
        }
        return kept.toArray(new String[0]);
    }

    public boolean mkdir() {
        return FileSystem.mkdir(path) == 0;
    }

    /** The JDK's algorithm: create the missing parents first, then this directory. */
    public boolean mkdirs() {
        if (exists()) {
            return false;
        }
        if (mkdir()) {
            return true;
        }
        File parent = new File(getAbsolutePath()).getParentFile();
        return parent != null && (parent.mkdirs() || parent.exists()) && mkdir();
    }

    public boolean renameTo(File dest) {
        if (dest == null) {
            throw new NullPointerException();
        }
        return FileSystem.rename(path, dest.path) == 0;
    }

    public static File createTempFile(String prefix, String suffix) throws IOException {
        return createTempFile(prefix, suffix, null);
    }

    /** As the JDK: prefix + an unsigned random long + suffix (".tmp" if null) in java.io.tmpdir. */
    public static File createTempFile(String prefix, String suffix, File directory)
            throws IOException {
        if (prefix.length() < 3) {
            throw new IllegalArgumentException("Prefix string \"" + prefix
                    + "\" too short: length must be at least 3");
        }
        String s = suffix == null ? ".tmp" : suffix;
        File dir = directory != null ? directory : new File(System.getProperty("java.io.tmpdir"));
        while (true) {
            File f = new File(dir, prefix + Long.toUnsignedString(FileSystem.randomLong()) + s);
            int fd = FileSystem.open(f.path, FileSystem.WRITE | FileSystem.CREATE_NEW);
            if (fd >= 0) {
                FileSystem.close(fd);
                return f;
            }
            if (fd != -FileSystem.EEXIST) {
                throw new IOException(FileSystem.errorMessage(-fd));
            }
        }
    }

    public java.nio.file.Path toPath() {
        return java.nio.file.Path.of(path);
    }

    public int compareTo(File other) {
        return path.compareTo(other.path);
    }

    public boolean equals(Object obj) {
        return obj instanceof File && compareTo((File) obj) == 0;
    }

    public int hashCode() {
        return path.hashCode() ^ 1234321;
    }

    public String toString() {
        return path;
    }
}
