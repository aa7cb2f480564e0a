//! Layer 3, linking: loading classes into the class table, resolution and decoding of method
//! bodies, quickening, the verifier and invokedynamic linkage. Imports `classfile` and `model`.
pub mod decode;
pub mod indy;
pub mod quicken;
pub mod verifier;
