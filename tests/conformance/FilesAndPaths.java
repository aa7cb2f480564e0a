import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.stream.*;

/** java.io files and java.nio.file: every operation works in a fresh temporary directory. */
public class FilesAndPaths {
    static Path dir;

    static String rel(Path p) {
        return dir.relativize(p).toString();
    }

    static void show(String what, Object value) {
        System.out.println(what + ": " + value);
    }

    static void fail(String what, Exception e) {
        System.out.println(what + ": " + e.getClass().getName() + ": "
                + e.getMessage().replace(dir.toString(), "$DIR"));
    }

    public static void main(String[] args) throws Exception {
        dir = Files.createTempDirectory("gcvm-files");
        try {
            paths();
            javaIoStreams();
            randomAccess();
            fileClass();
            nioFiles();
            errors();
        } finally {
            deleteTree(dir);
        }
        show("cleaned up", !Files.exists(dir));
    }

    static void paths() {
        Path p = Paths.get("a", "b", "c.txt");
        show("path", p);
        show("file name", p.getFileName());
        show("parent", p.getParent());
        show("name count", p.getNameCount());
        show("absolute?", p.isAbsolute());
        show("of", Path.of("/x//y/", "z"));
        show("normalize", Path.of("/a/./b/../c/.").normalize());
        show("normalize relative", Path.of("../a/../../b").normalize());
        show("resolve", Path.of("/base").resolve("sub/f"));
        show("resolve absolute", Path.of("/base").resolve("/other"));
        show("resolveSibling", Path.of("/base/f1").resolveSibling("f2"));
        show("relativize", Path.of("/a/b/c").relativize(Path.of("/a/d")));
        show("startsWith", Path.of("/a/b/c").startsWith("/a/b") + " " + Path.of("a/b").startsWith("/a"));
        show("endsWith", Path.of("/a/b/c").endsWith("b/c"));
        show("subpath", Path.of("/a/b/c/d").subpath(1, 3));
        show("root", Path.of("/a").getRoot() + " " + Path.of("a").getRoot());
        show("equals", Path.of("a/b").equals(Paths.get("a", "b")) + " " + Path.of("a/b").hashCode());
        StringBuilder names = new StringBuilder();
        for (Path n : Path.of("/x/y/z")) {
            names.append('[').append(n).append(']');
        }
        show("names", names);
        show("toFile", Path.of("/a/b.txt").toFile().getName());
        show("toAbsolutePath", Path.of("rel").toAbsolutePath().isAbsolute());
    }

    static void javaIoStreams() throws IOException {
        File f = dir.resolve("streams.txt").toFile();
        try (FileOutputStream out = new FileOutputStream(f)) {
            out.write("hello ".getBytes(StandardCharsets.UTF_8));
            out.write('w');
        }
        try (FileOutputStream out = new FileOutputStream(f, true)) {
            out.write("orld\n".getBytes(StandardCharsets.UTF_8));
        }
        try (FileInputStream in = new FileInputStream(f)) {
            show("available", in.available());
            show("first byte", (char) in.read());
            byte[] rest = in.readAllBytes();
            show("rest", new String(rest, StandardCharsets.UTF_8).trim());
            show("at end", in.read());
        }
        try (FileWriter w = new FileWriter(f)) {
            w.write("line one\nligne deux \u00e9\u20ac\n");
        }
        try (FileWriter w = new FileWriter(f, true)) {
            w.write("line three\n");
        }
        try (BufferedReader r = new BufferedReader(new FileReader(f))) {
            String line;
            while ((line = r.readLine()) != null) {
                show("read line", line);
            }
        }
        try (PrintWriter pw = new PrintWriter(f)) {
            pw.printf("%d + %d = %d%n", 2, 3, 5);
            pw.println(3.25);
        }
        show("print writer", Files.readAllLines(f.toPath()));
        try (PrintStream ps = new PrintStream(f.getPath())) {
            ps.print("ps ");
            ps.println(true);
        }
        show("print stream", Files.readString(f.toPath()).trim());
        try (BufferedOutputStream bo = new BufferedOutputStream(new FileOutputStream(f), 4)) {
            for (int i = 0; i < 10; i++) {
                bo.write('0' + i);
            }
            bo.write("abcdef".getBytes(), 1, 3);
        }
        show("buffered output", Files.readString(f.toPath()));
        try (DataOutputStream d = new DataOutputStream(new FileOutputStream(f))) {
            d.writeInt(-42);
            d.writeUTF("data \u00fc");
            d.writeDouble(Math.PI);
        }
        try (DataInputStream d = new DataInputStream(new FileInputStream(f))) {
            show("data", d.readInt() + " " + d.readUTF() + " " + d.readDouble());
        }
        show("length", f.length());
    }

    static void randomAccess() throws IOException {
        File f = new File(dir.toFile(), "raf.bin");
        try (RandomAccessFile raf = new RandomAccessFile(f, "rw")) {
            raf.writeInt(7);
            raf.writeLong(1L << 40);
            raf.writeDouble(-0.5);
            raf.writeUTF("utf");
            raf.writeBytes("line\nnext\r\n");
            show("raf pointer", raf.getFilePointer());
            show("raf length", raf.length());
            raf.seek(4);
            show("raf long", raf.readLong());
            raf.seek(0);
            raf.writeInt(8);
            raf.seek(0);
            show("raf int", raf.readInt());
            raf.skipBytes(8);
            show("raf double", raf.readDouble());
            show("raf utf", raf.readUTF());
            show("raf lines", raf.readLine() + "|" + raf.readLine() + "|" + raf.readLine());
            byte[] b = new byte[3];
            raf.seek(1);
            raf.readFully(b);
            show("raf bytes", Arrays.toString(b));
            raf.setLength(6);
            show("raf truncated", raf.length() + " " + raf.getFilePointer());
            raf.seek(6);
            show("raf eof", raf.read());
            try {
                raf.readInt();
            } catch (EOFException e) {
                show("raf readInt at end", e.getClass().getName());
            }
            try {
                raf.seek(-1);
            } catch (IOException e) {
                show("raf negative seek", e.getMessage());
            }
        }
        try (RandomAccessFile ro = new RandomAccessFile(f, "r")) {
            show("raf read-only length", ro.length());
        }
        try {
            new RandomAccessFile(f, "w");
        } catch (IllegalArgumentException e) {
            show("raf bad mode", e.getMessage());
        }
    }

    static void fileClass() throws IOException {
        File d = new File(dir.toFile(), "tree");
        show("exists before", d.exists());
        show("mkdir", d.mkdir() + " " + d.mkdir());
        File deep = new File(d, "x/y/z");
        show("mkdir without parents", deep.mkdir());
        show("mkdirs", deep.mkdirs() + " " + deep.isDirectory());
        File a = new File(d, "a.txt");
        show("createNewFile", a.createNewFile() + " " + a.createNewFile());
        show("isFile", a.isFile() + " " + a.isDirectory() + " " + d.isDirectory());
        show("length empty", a.length());
        Files.writeString(a.toPath(), "12345");
        show("length", a.length());
        show("lastModified recent", Math.abs(a.lastModified() - System.currentTimeMillis()) < 600_000);
        File b = new File(d, "b.txt");
        show("renameTo", a.renameTo(b) + " " + a.exists() + " " + b.exists());
        String[] names = d.list();
        Arrays.sort(names);
        show("list", Arrays.toString(names));
        File[] files = d.listFiles();
        Arrays.sort(files);
        show("listFiles", Arrays.stream(files).map(File::getName).collect(Collectors.toList()));
        show("listFiles filter", d.listFiles(File::isFile).length);
        show("list of a file", b.list());
        show("delete non-empty dir", d.delete());
        show("delete file", b.delete() + " " + b.delete());
        File rel = new File("some/dir/", "name.txt");
        show("getPath", rel.getPath());
        show("getName", rel.getName());
        show("getParent", rel.getParent());
        show("parent of name", new File("x").getParent());
        show("parent of root child", new File("/x").getParent());
        show("absolute", rel.getAbsolutePath().endsWith("/some/dir/name.txt") + " " + rel.isAbsolute());
        show("equals", rel.equals(new File("some/dir/name.txt")) + " " + (rel.hashCode() == new File("some//dir/name.txt").hashCode()));
        show("toString", new File("/a//b/"));
        show("toPath", rel.toPath().getFileName());
        File tmp = File.createTempFile("gcvm", ".txt", d);
        show("temp file", tmp.getName().startsWith("gcvm") + " " + tmp.getName().endsWith(".txt") + " " + tmp.exists());
        File tmp2 = File.createTempFile("gcvm", null, d);
        show("temp default suffix", tmp2.getName().endsWith(".tmp"));
        try {
            File.createTempFile("ab", null);
        } catch (IllegalArgumentException e) {
            show("temp short prefix", e.getMessage());
        }
    }

    static void nioFiles() throws IOException {
        Path f = dir.resolve("nio.txt");
        Files.write(f, Arrays.asList("alpha", "beta", "gamma"));
        show("readAllLines", Files.readAllLines(f));
        Files.write(f, List.of("delta"), StandardOpenOption.APPEND);
        show("appended lines", Files.readAllLines(f, StandardCharsets.UTF_8));
        try (Stream<String> lines = Files.lines(f)) {
            show("lines", lines.filter(s -> s.contains("a")).map(String::toUpperCase).collect(Collectors.joining(",")));
        }
        Files.writeString(f, "x\r\ny\rz");
        show("readAllLines separators", Files.readAllLines(f));
        Files.writeString(f, "more", StandardOpenOption.APPEND);
        show("readString", Files.readString(f).replace("\r", "\\r").replace("\n", "\\n"));
        Files.write(f, new byte[] {65, 66, 67});
        show("readAllBytes", Arrays.toString(Files.readAllBytes(f)));
        Files.write(f, new byte[] {68}, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING);
        show("truncated", Files.readString(f) + " " + Files.size(f));
        Files.writeString(f, "latin \u00e9", StandardCharsets.ISO_8859_1);
        show("latin-1 size", Files.size(f) + " " + Files.readString(f, StandardCharsets.ISO_8859_1));
        show("exists", Files.exists(f) + " " + Files.notExists(f) + " " + Files.isRegularFile(f) + " " + Files.isDirectory(f));
        try (BufferedWriter w = Files.newBufferedWriter(f)) {
            w.write("first");
            w.newLine();
            w.write("second");
        }
        try (BufferedReader r = Files.newBufferedReader(f)) {
            show("buffered reader", r.readLine() + "/" + r.readLine() + "/" + r.readLine());
        }
        try (OutputStream out = Files.newOutputStream(f, StandardOpenOption.APPEND)) {
            out.write("!".getBytes());
        }
        try (InputStream in = Files.newInputStream(f)) {
            show("input stream", new String(in.readAllBytes()));
        }
        Path sub = dir.resolve("sub");
        show("createDirectory", rel(Files.createDirectory(sub)));
        show("createDirectories", rel(Files.createDirectories(sub.resolve("p/q"))));
        show("createDirectories existing", rel(Files.createDirectories(sub.resolve("p"))));
        show("createFile", rel(Files.createFile(sub.resolve("p/new.txt"))));
        Path copy = Files.copy(f, sub.resolve("copy.txt"));
        show("copy", rel(copy) + " " + Files.readString(copy));
        Files.writeString(f, "replacement");
        Files.copy(f, copy, StandardCopyOption.REPLACE_EXISTING);
        show("copy replace", Files.readString(copy));
        long n = Files.copy(new ByteArrayInputStream("streamed".getBytes()), sub.resolve("streamed.txt"));
        show("copy from stream", n);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        show("copy to stream", Files.copy(copy, sink) + " " + sink);
        Path moved = Files.move(copy, sub.resolve("p/moved.txt"));
        show("move", rel(moved) + " " + Files.exists(copy));
        try (Stream<Path> s = Files.list(sub)) {
            show("list", s.map(FilesAndPaths::rel).sorted().collect(Collectors.toList()));
        }
        try (Stream<Path> s = Files.walk(sub)) {
            show("walk", s.map(FilesAndPaths::rel).sorted().collect(Collectors.toList()));
        }
        try (Stream<Path> s = Files.walk(sub, 1)) {
            show("walk depth 1", s.count());
        }
        Path tf = Files.createTempFile(sub, "pre", ".suf");
        show("temp file", tf.getFileName().toString().startsWith("pre") + " " + tf.toString().endsWith(".suf") + " " + Files.size(tf));
        Path td = Files.createTempDirectory(sub, "tdir");
        show("temp dir", Files.isDirectory(td) + " " + td.getFileName().toString().startsWith("tdir"));
        show("deleteIfExists", Files.deleteIfExists(td) + " " + Files.deleteIfExists(td));
        Files.delete(tf);
        show("deleted", Files.exists(tf));
    }

    static void errors() throws IOException {
        String missing = "/nonexistent-gcvm-dir/x.txt";
        try {
            new FileInputStream(missing);
        } catch (FileNotFoundException e) {
            show("FileInputStream missing", e.getMessage());
        }
        try {
            new FileReader(new File(missing));
        } catch (FileNotFoundException e) {
            show("FileReader missing", e.getMessage());
        }
        try {
            new FileOutputStream(missing);
        } catch (FileNotFoundException e) {
            show("FileOutputStream missing dir", e.getMessage());
        }
        try {
            new FileInputStream(dir.toFile());
        } catch (FileNotFoundException e) {
            fail("FileInputStream of a directory", e);
        }
        try {
            new FileWriter(dir.toString());
        } catch (IOException e) {
            fail("FileWriter of a directory", e);
        }
        try {
            new RandomAccessFile(missing, "r");
        } catch (FileNotFoundException e) {
            show("RandomAccessFile missing", e.getMessage());
        }
        try {
            new File(missing).createNewFile();
        } catch (IOException e) {
            show("createNewFile in missing dir", e.getMessage());
        }
        Path gone = Path.of(missing);
        try {
            Files.readAllLines(gone);
        } catch (NoSuchFileException e) {
            show("readAllLines missing", e.getClass().getName() + ": " + e.getMessage() + " file=" + e.getFile());
        }
        try {
            Files.readString(gone);
        } catch (IOException e) {
            show("readString missing", e.getClass().getName() + ": " + e.getMessage());
        }
        try {
            Files.size(gone);
        } catch (IOException e) {
            show("size missing", e.getClass().getName() + ": " + e.getMessage());
        }
        try {
            Files.delete(gone);
        } catch (IOException e) {
            show("delete missing", e.getClass().getName() + ": " + e.getMessage());
        }
        try {
            Files.writeString(gone, "x");
        } catch (IOException e) {
            show("write in missing dir", e.getClass().getName() + ": " + e.getMessage());
        }
        try {
            Files.readAllBytes(dir);
        } catch (IOException e) {
            show("readAllBytes of a directory", e.getClass().getName() + ": " + e.getMessage());
        }
        Path f = dir.resolve("exists.txt");
        Files.writeString(f, "x");
        try {
            Files.createFile(f);
        } catch (FileAlreadyExistsException e) {
            fail("createFile existing", e);
        }
        try {
            Files.createDirectory(dir);
        } catch (FileAlreadyExistsException e) {
            fail("createDirectory existing", e);
        }
        try {
            Files.createDirectories(f.resolve("under-a-file"));
        } catch (IOException e) {
            fail("createDirectories under a file", e);
        }
        try {
            Files.createDirectories(f);
        } catch (FileAlreadyExistsException e) {
            fail("createDirectories over a file", e);
        }
        try {
            Files.copy(f, f.resolveSibling("exists2.txt"));
            Files.copy(f, f.resolveSibling("exists2.txt"));
        } catch (FileAlreadyExistsException e) {
            fail("copy onto existing", e);
        }
        try {
            Files.move(f.resolveSibling("nothing"), f.resolveSibling("x"));
        } catch (NoSuchFileException e) {
            fail("move missing", e);
        }
        try {
            Files.delete(dir);
        } catch (DirectoryNotEmptyException e) {
            fail("delete non-empty directory", e);
        }
        try {
            Files.list(f);
        } catch (NotDirectoryException e) {
            fail("list a file", e);
        }
        try {
            Files.write(f, new byte[0], StandardOpenOption.CREATE_NEW);
        } catch (FileAlreadyExistsException e) {
            fail("write CREATE_NEW existing", e);
        }
        try {
            Files.write(f, new byte[0], StandardOpenOption.READ);
        } catch (IllegalArgumentException e) {
            show("write with READ", e.getMessage());
        }
        try {
            Files.write(f.resolveSibling("absent.txt"), new byte[0], StandardOpenOption.WRITE);
        } catch (NoSuchFileException e) {
            fail("write WRITE without CREATE", e);
        }
        try {
            Path.of("a\0b");
        } catch (InvalidPathException e) {
            show("nul in path", e.getMessage().replace("\0", "\\0"));
        }
        try {
            Path.of("/a").relativize(Path.of("b"));
        } catch (IllegalArgumentException e) {
            show("relativize mixed", e.getMessage());
        }
    }

    static void deleteTree(Path p) throws IOException {
        if (Files.isDirectory(p)) {
            try (Stream<Path> s = Files.list(p)) {
                for (Path c : s.collect(Collectors.toList())) {
                    deleteTree(c);
                }
            }
        }
        Files.delete(p);
    }
}
