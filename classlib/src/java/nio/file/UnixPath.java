package java.nio.file;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.NoSuchElementException;
import jdk.internal.gcvm.FileSystem;

/**
 * The JDK's Unix path semantics over a normalized string (repeated and trailing slashes
 * removed; "" is the empty path, which has one empty name). Names are split on demand.
 */
final class UnixPath implements Path {

    private final String path;

    UnixPath(String input) {
        if (input.indexOf('\u0000') >= 0) {
            throw new InvalidPathException(input, "Nul character not allowed");
        }
        this.path = normalizeSlashes(input);
    }

    static Path join(String first, String[] more) {
        if (more.length == 0) {
            return new UnixPath(first);
        }
        StringBuilder sb = new StringBuilder(first);
        for (String segment : more) {
            if (!segment.isEmpty()) {
                if (sb.length() > 0) {
                    sb.append('/');
                }
                sb.append(segment);
            }
        }
        return new UnixPath(sb.toString());
    }

    private static String normalizeSlashes(String p) {
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

    /** The names; the empty path has one empty name, "/" has none. */
    private String[] names() {
        if (path.isEmpty()) {
            return new String[] {""};
        }
        String rest = isAbsolute() ? path.substring(1) : path;
        if (rest.isEmpty()) {
            return new String[0];
        }
        return rest.split("/");
    }

    private static Path fromNames(boolean absolute, String[] names, int from, int to) {
        StringBuilder sb = new StringBuilder();
        if (absolute) {
            sb.append('/');
        }
        for (int i = from; i < to; i++) {
            if (i > from) {
                sb.append('/');
            }
            sb.append(names[i]);
        }
        return new UnixPath(sb.toString());
    }

    public boolean isAbsolute() {
        return path.startsWith("/");
    }

    public Path getRoot() {
        return isAbsolute() ? new UnixPath("/") : null;
    }

    public Path getFileName() {
        if (path.equals("/")) {
            return null;
        }
        if (path.isEmpty()) {
            return this;
        }
        return new UnixPath(path.substring(path.lastIndexOf('/') + 1));
    }

    public Path getParent() {
        int at = path.lastIndexOf('/');
        if (at < 0 || path.equals("/")) {
            return null;
        }
        return at == 0 ? new UnixPath("/") : new UnixPath(path.substring(0, at));
    }

    public int getNameCount() {
        return names().length;
    }

    public Path getName(int index) {
        String[] names = names();
        if (index < 0 || index >= names.length) {
            throw new IllegalArgumentException();
        }
        return new UnixPath(names[index]);
    }

    public Path subpath(int beginIndex, int endIndex) {
        String[] names = names();
        if (beginIndex < 0 || beginIndex >= names.length || endIndex > names.length
                || beginIndex >= endIndex) {
            throw new IllegalArgumentException();
        }
        return fromNames(false, names, beginIndex, endIndex);
    }

    public boolean startsWith(Path other) {
        UnixPath o = (UnixPath) other;
        if (o.isAbsolute() != isAbsolute()) {
            return false;
        }
        String[] mine = names();
        String[] theirs = o.names();
        if (o.path.isEmpty()) {
            return path.isEmpty();
        }
        if (theirs.length > mine.length) {
            return false;
        }
        for (int i = 0; i < theirs.length; i++) {
            if (!theirs[i].equals(mine[i])) {
                return false;
            }
        }
        return true;
    }

    public boolean endsWith(Path other) {
        UnixPath o = (UnixPath) other;
        if (o.isAbsolute()) {
            return o.path.equals(path);
        }
        if (o.path.isEmpty()) {
            return path.isEmpty();
        }
        String[] mine = names();
        String[] theirs = o.names();
        if (theirs.length > mine.length) {
            return false;
        }
        int shift = mine.length - theirs.length;
        for (int i = 0; i < theirs.length; i++) {
            if (!theirs[i].equals(mine[shift + i])) {
                return false;
            }
        }
        return true;
    }

    /** Drops "." names and folds "name/.." pairs; ".." directly under the root is dropped. */
    public Path normalize() {
        String[] names = names();
        ArrayList<String> kept = new ArrayList<>();
        for (String n : names) {
            if (n.equals(".")) {
                continue;
            }
            if (n.equals("..")) {
                if (!kept.isEmpty() && !kept.get(kept.size() - 1).equals("..")) {
                    kept.remove(kept.size() - 1);
                    continue;
                }
                if (isAbsolute()) {
                    continue;
                }
            }
            kept.add(n);
        }
        return fromNames(isAbsolute(), kept.toArray(new String[0]), 0, kept.size());
    }

    public Path resolve(Path other) {
        UnixPath o = (UnixPath) other;
        if (o.isAbsolute()) {
            return o;
        }
        if (o.path.isEmpty()) {
            return this;
        }
        if (path.isEmpty()) {
            return o;
        }
        return new UnixPath(path.equals("/") ? "/" + o.path : path + "/" + o.path);
    }

    public Path relativize(Path other) {
        UnixPath o = (UnixPath) other;
        if (o.isAbsolute() != isAbsolute()) {
            throw new IllegalArgumentException("'other' is different type of Path");
        }
        if (o.path.equals(path)) {
            return new UnixPath("");
        }
        String[] mine = path.isEmpty() ? new String[0] : names();
        String[] theirs = o.path.isEmpty() ? new String[0] : o.names();
        int common = 0;
        while (common < mine.length && common < theirs.length
                && mine[common].equals(theirs[common])) {
            common++;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = common; i < mine.length; i++) {
            if (sb.length() > 0) {
                sb.append('/');
            }
            sb.append("..");
        }
        for (int i = common; i < theirs.length; i++) {
            if (sb.length() > 0) {
                sb.append('/');
            }
            sb.append(theirs[i]);
        }
        return new UnixPath(sb.toString());
    }

    public Path toAbsolutePath() {
        if (isAbsolute()) {
            return this;
        }
        return new UnixPath(FileSystem.currentDirectory()).resolve(this);
    }

    public int compareTo(Path other) {
        return path.compareTo(((UnixPath) other).path);
    }

    public boolean equals(Object other) {
        return other instanceof UnixPath && ((UnixPath) other).path.equals(path);
    }

    public int hashCode() {
        return path.hashCode();
    }

    public String toString() {
        return path;
    }

    /** Path.iterator(): the names as paths. */
    static final class Names implements Iterator<Path> {
        private final Path path;
        private int next;

        Names(Path path) {
            this.path = path;
        }

        public boolean hasNext() {
            return next < path.getNameCount();
        }

        public Path next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return path.getName(next++);
        }
    }
}
