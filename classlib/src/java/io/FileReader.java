package java.io;

import java.nio.charset.Charset;

/** Chars from a file (UTF-8 unless told), through a buffer so each char is not a native call. */
public class FileReader extends InputStreamReader {

    public FileReader(String fileName) throws FileNotFoundException {
        super(new BufferedInputStream(new FileInputStream(fileName)));
    }

    public FileReader(File file) throws FileNotFoundException {
        super(new BufferedInputStream(new FileInputStream(file)));
    }

    public FileReader(String fileName, Charset charset) throws IOException {
        super(new BufferedInputStream(new FileInputStream(fileName)), charset);
    }

    public FileReader(File file, Charset charset) throws IOException {
        super(new BufferedInputStream(new FileInputStream(file)), charset);
    }
}
