//! The file natives of `jdk.internal.gcvm.FileSystem`: the few OS calls that java.io's file
//! streams, `File`, `RandomAccessFile` and java.nio.file's `Files` are built on.
//!
//! Design: the Java side owns every policy (which exception, which message, buffering, paths);
//! the natives are thin and work on file descriptors and path strings. Failures the Java side
//! turns into different exceptions (`FileNotFoundException` vs `NoSuchFileException`, ...) come
//! back as `-errno`, and `errorMessage(errno)` gives the OS text HotSpot puts in its messages
//! ("No such file or directory"). Only an I/O error in the middle of reading or writing an open
//! file throws an `IOException` here. Descriptors are kept in a table of
//! open `File`s (no `unsafe`). Every call that may block (open, read, write) runs in a
//! safe region (`JThread::blocking`) like `VM.read`, so a collection is not held up; bytes are
//! moved into or out of the Java array only outside it (the array may move meanwhile).

use crate::runtime::natives::NativeFn;
use crate::runtime::thread::{JResult, JThread, ThreadState};
use gcvm_gc::object::ARRAY_BASE;
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::fd::AsRawFd;
use std::sync::{Arc, Mutex};

// The open flags, as FileSystem.java defines them.
const READ: i32 = 1;
const WRITE: i32 = 2;
const APPEND: i32 = 4;
const CREATE: i32 = 8;
const CREATE_NEW: i32 = 16;
const TRUNCATE: i32 = 32;

const EISDIR: i32 = 21;
const EIO: i32 = 5;

fn neg_errno(e: &std::io::Error) -> i32 {
    -e.raw_os_error().unwrap_or(EIO)
}

fn ret_int(v: i32) -> u64 {
    v as u32 as u64
}

/// The open files, by descriptor number: `open` adds, `close` removes (and so closes), the
/// others borrow. No `unsafe` descriptor juggling; a stale or foreign number is EBADF.
static OPEN_FILES: Mutex<Option<HashMap<i32, Arc<File>>>> = Mutex::new(None);

fn open_files() -> std::sync::MutexGuard<'static, Option<HashMap<i32, Arc<File>>>> {
    OPEN_FILES.lock().unwrap_or_else(|e| e.into_inner())
}

const EBADF: i32 = 9;

/// The open file with descriptor `fd`.
fn file(fd: i32) -> std::io::Result<Arc<File>> {
    open_files()
        .as_ref()
        .and_then(|m| m.get(&fd).cloned())
        .ok_or_else(|| std::io::Error::from_raw_os_error(EBADF))
}

fn open_options(flags: i32) -> OpenOptions {
    let mut o = OpenOptions::new();
    o.read(flags & READ != 0)
        .write(flags & WRITE != 0)
        .append(flags & APPEND != 0)
        .create(flags & CREATE != 0)
        .create_new(flags & CREATE_NEW != 0)
        .truncate(flags & TRUNCATE != 0);
    o
}

/// Opens `path`; a directory opened for reading only is refused with EISDIR, as the JDK does.
fn open_path(path: &str, flags: i32) -> i32 {
    let file = match open_options(flags).open(path) {
        Ok(f) => f,
        Err(e) => return neg_errno(&e),
    };
    if flags & WRITE == 0 && file.metadata().map(|m| m.is_dir()).unwrap_or(false) {
        return -EISDIR;
    }
    let fd = file.as_raw_fd();
    open_files()
        .get_or_insert_with(HashMap::new)
        .insert(fd, Arc::new(file));
    fd
}

fn io_exception(t: &mut JThread, e: &std::io::Error) -> crate::runtime::thread::Throw {
    let msg = os_message(e.raw_os_error().unwrap_or(EIO));
    t.throw_new("java/io/IOException", Some(&msg))
}

/// The OS text for `errno`, without std's " (os error N)" suffix.
fn os_message(errno: i32) -> String {
    let text = std::io::Error::from_raw_os_error(errno).to_string();
    match text.find(" (os error") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// `FileSystem.open(String path, int flags)`: a descriptor, or -errno.
pub fn open(t: &mut JThread, a: usize) -> JResult<u64> {
    let path = t.rust_string(t.arg_ref(a, 0));
    let flags = t.arg_int(a, 1);
    Ok(ret_int(
        t.blocking(ThreadState::Native, || open_path(&path, flags)),
    ))
}

/// `FileSystem.read(int fd, byte[] b, int off, int len)`: the count, or -1 at the end.
pub fn read(t: &mut JThread, a: usize) -> JResult<u64> {
    let (fd, off, len) = (t.arg_int(a, 0), t.arg_int(a, 2), t.arg_int(a, 3));
    crate::library::natives::check_byte_range(t, t.arg_ref(a, 1), off, len)?;
    if len == 0 {
        return Ok(0);
    }
    let mut buf = vec![0u8; len as usize];
    let read = t.blocking(ThreadState::Native, || loop {
        match file(fd).and_then(|f| (&*f).read(&mut buf)) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            other => break other,
        }
    });
    let n = match read {
        Ok(0) => return Ok(ret_int(-1)),
        Ok(n) => n,
        Err(e) => return Err(io_exception(t, &e)),
    };
    crate::library::natives::store_into_byte_array(t, t.arg_ref(a, 1), off, &buf[..n]);
    Ok(n as u64)
}

/// `FileSystem.write(int fd, byte[] b, int off, int len)`: writes all the bytes.
pub fn write(t: &mut JThread, a: usize) -> JResult<u64> {
    let (fd, arr, off, len) = (
        t.arg_int(a, 0),
        t.arg_ref(a, 1),
        t.arg_int(a, 2),
        t.arg_int(a, 3),
    );
    crate::library::natives::check_byte_range(t, arr, off, len)?;
    let mut bytes = vec![0u8; len as usize];
    t.vm.heap
        .memory
        .read_bytes(arr.offset() + ARRAY_BASE + off as usize, &mut bytes);
    match t.blocking(ThreadState::Native, || {
        file(fd).and_then(|f| (&*f).write_all(&bytes))
    }) {
        Ok(()) => Ok(0),
        Err(e) => Err(io_exception(t, &e)),
    }
}

/// `FileSystem.seek(int fd, long pos)`.
pub fn seek(t: &mut JThread, a: usize) -> JResult<u64> {
    let (fd, pos) = (t.arg_int(a, 0), t.arg_long(a, 1));
    match file(fd).and_then(|f| (&*f).seek(SeekFrom::Start(pos as u64))) {
        Ok(_) => Ok(0),
        Err(e) => Err(io_exception(t, &e)),
    }
}

/// `FileSystem.position(int fd)`: the current offset.
pub fn position(t: &mut JThread, a: usize) -> JResult<u64> {
    match file(t.arg_int(a, 0)).and_then(|f| (&*f).stream_position()) {
        Ok(p) => Ok(p),
        Err(e) => Err(io_exception(t, &e)),
    }
}

/// `FileSystem.length(int fd)`: the size of the open file.
pub fn length(t: &mut JThread, a: usize) -> JResult<u64> {
    match file(t.arg_int(a, 0)).and_then(|f| f.metadata()) {
        Ok(m) => Ok(m.len()),
        Err(e) => Err(io_exception(t, &e)),
    }
}

/// `FileSystem.setLength(int fd, long len)`.
pub fn set_length(t: &mut JThread, a: usize) -> JResult<u64> {
    let (fd, len) = (t.arg_int(a, 0), t.arg_long(a, 1));
    match file(fd).and_then(|f| f.set_len(len as u64)) {
        Ok(()) => Ok(0),
        Err(e) => Err(io_exception(t, &e)),
    }
}

/// `FileSystem.close(int fd)`.
pub fn close(t: &mut JThread, a: usize) -> JResult<u64> {
    let fd = t.arg_int(a, 0);
    let closed = open_files().as_mut().and_then(|m| m.remove(&fd));
    drop(closed); // the last Arc closes the descriptor
    Ok(0)
}

/// `FileSystem.stat(String path, long[] out)`: 0 and out = {kind (1 file, 2 directory,
/// 3 other), size, last modified ms}, or -errno. Follows symbolic links.
pub fn stat(t: &mut JThread, a: usize) -> JResult<u64> {
    let path = t.rust_string(t.arg_ref(a, 0));
    let meta = match std::fs::metadata(&path) {
        Ok(m) => m,
        Err(e) => return Ok(ret_int(neg_errno(&e))),
    };
    let kind = if meta.is_file() {
        1
    } else if meta.is_dir() {
        2
    } else {
        3
    };
    let modified = meta
        .modified()
        .ok()
        .and_then(|m| m.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0);
    let out = t.arg_ref(a, 1);
    for (i, v) in [kind, meta.len(), modified].into_iter().enumerate() {
        t.vm.heap.store_u64(out, ARRAY_BASE + 8 * i, v);
    }
    Ok(0)
}

/// `FileSystem.list(String dir)`: the names in the directory (unsorted, as readdir gives
/// them), or null if it cannot be read.
pub fn list(t: &mut JThread, a: usize) -> JResult<u64> {
    let path = t.rust_string(t.arg_ref(a, 0));
    let names: Vec<String> = match std::fs::read_dir(&path) {
        Ok(entries) => entries
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect(),
        Err(_) => return Ok(0),
    };
    let class = t.load_class("[Ljava/lang/String;")?;
    let arr = t.new_array(class, names.len() as i32)?;
    let h = t.push_handle(arr);
    for (i, name) in names.iter().enumerate() {
        let s = t.new_string(name)?;
        let arr = t.handle(h);
        t.store_ref_element(arr, i, s);
    }
    let arr = t.handle(h);
    t.truncate_handles(h);
    Ok(arr.raw() as u64)
}

fn status(r: std::io::Result<()>) -> u64 {
    ret_int(match r {
        Ok(()) => 0,
        Err(e) => neg_errno(&e),
    })
}

/// `FileSystem.mkdir(String path)`: 0 or -errno.
pub fn mkdir(t: &mut JThread, a: usize) -> JResult<u64> {
    let path = t.rust_string(t.arg_ref(a, 0));
    Ok(status(std::fs::create_dir(&path)))
}

/// `FileSystem.delete(String path)`: unlink a file or remove an (empty) directory; 0 or -errno.
pub fn delete(t: &mut JThread, a: usize) -> JResult<u64> {
    let path = t.rust_string(t.arg_ref(a, 0));
    let is_dir = std::fs::symlink_metadata(&path)
        .map(|m| m.is_dir())
        .unwrap_or(false);
    Ok(status(if is_dir {
        std::fs::remove_dir(&path)
    } else {
        std::fs::remove_file(&path)
    }))
}

/// `FileSystem.rename(String from, String to)`: 0 or -errno.
pub fn rename(t: &mut JThread, a: usize) -> JResult<u64> {
    let from = t.rust_string(t.arg_ref(a, 0));
    let to = t.rust_string(t.arg_ref(a, 1));
    Ok(status(std::fs::rename(&from, &to)))
}

/// `FileSystem.errorMessage(int errno)`: the OS text, e.g. "No such file or directory".
pub fn error_message(t: &mut JThread, a: usize) -> JResult<u64> {
    let msg = os_message(t.arg_int(a, 0));
    Ok(t.new_string(&msg)?.raw() as u64)
}

/// The natives of `jdk.internal.gcvm.FileSystem`, keyed by name and descriptor.
pub fn natives() -> Vec<(String, NativeFn)> {
    let list: [(&str, NativeFn); 14] = [
        ("open(Ljava/lang/String;I)I", open),
        ("read(I[BII)I", read),
        ("write(I[BII)V", write),
        ("seek(IJ)V", seek),
        ("position(I)J", position),
        ("length(I)J", length),
        ("setLength(IJ)V", set_length),
        ("close(I)V", close),
        ("stat(Ljava/lang/String;[J)I", stat),
        ("list(Ljava/lang/String;)[Ljava/lang/String;", list),
        ("mkdir(Ljava/lang/String;)I", mkdir),
        ("delete(Ljava/lang/String;)I", delete),
        ("rename(Ljava/lang/String;Ljava/lang/String;)I", rename),
        ("errorMessage(I)Ljava/lang/String;", error_message),
    ];
    list.into_iter()
        .map(|(key, f)| (format!("jdk/internal/gcvm/FileSystem.{key}"), f))
        .collect()
}
