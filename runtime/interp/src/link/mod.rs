//! Layer 3, linking: loading classes into the class table, resolution and decoding of method
//! bodies, quickening, the verifier and invokedynamic linkage. Imports `classfile` and `model`.
pub mod classes;
pub mod decode;
pub mod indy;
pub mod layout;
pub mod quicken;
pub mod references;
pub mod verifier;
