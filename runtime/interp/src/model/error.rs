//! The errors linking reports: a Java error class and its message.

/// A Java error raised while loading or linking: the error class and its message.
#[derive(Debug, Clone, PartialEq)]
pub struct LinkageError {
    pub class: &'static str,
    pub message: String,
}

impl LinkageError {
    pub fn new(class: &'static str, message: impl Into<String>) -> LinkageError {
        LinkageError {
            class,
            message: message.into(),
        }
    }
    pub fn no_class_def(name: &str) -> LinkageError {
        LinkageError::new("java/lang/NoClassDefFoundError", name)
    }
}
