//! The link layer: loading classes into the class table, resolution and decoding of method
//! bodies, quickening, the verifier and invokedynamic linkage. Imports `model` and below.
pub mod classes;
pub mod decode;
pub mod indy;
pub mod layout;
pub mod quicken;
pub mod references;
pub mod verifier;
