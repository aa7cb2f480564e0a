#!/usr/bin/env python3
"""Checks that a directory of compiled classlib classes is closed and plain.

Same rule as runtime/interp/build.rs: every class named by a CONSTANT_Class entry or by a
field/method descriptor must be in the directory; no invokedynamic, dynamic constants or method
handles; every class file has major version 61. Exits 1 and lists the problems otherwise.
"""
import os
import re
import struct
import sys

FORBIDDEN = {15: "CONSTANT_MethodHandle", 17: "CONSTANT_Dynamic", 18: "CONSTANT_InvokeDynamic",
             19: "CONSTANT_Module", 20: "CONSTANT_Package"}
DESC = re.compile(r"L([^;]+);")


def refs(data):
    magic, _minor, major, count = struct.unpack(">IHHH", data[:10])
    if magic != 0xCAFEBABE:
        raise ValueError("bad magic")
    if major != 61:
        raise ValueError("major version %d" % major)
    pos = 10
    cp = [None] * count
    i = 1
    while i < count:
        tag = data[pos]
        pos += 1
        if tag == 1:
            (n,) = struct.unpack(">H", data[pos:pos + 2])
            cp[i] = ("utf8", data[pos + 2:pos + 2 + n].decode("utf-8", "replace"))
            pos += 2 + n
        elif tag in (3, 4):
            pos += 4
        elif tag in (5, 6):
            pos += 8
            i += 1
        elif tag == 7:
            cp[i] = ("class", struct.unpack(">H", data[pos:pos + 2])[0])
            pos += 2
        elif tag in (8, 16):
            cp[i] = ("desc" if tag == 16 else "str", struct.unpack(">H", data[pos:pos + 2])[0])
            pos += 2
        elif tag in (9, 10, 11):
            pos += 4
        elif tag == 12:
            cp[i] = ("desc", struct.unpack(">H", data[pos + 2:pos + 4])[0])
            pos += 4
        elif tag in FORBIDDEN:
            raise ValueError("uses " + FORBIDDEN[tag])
        else:
            raise ValueError("unknown tag %d" % tag)
        i += 1
    out = set()
    for e in cp:
        if not e:
            continue
        if e[0] == "class":
            name = cp[e[1]][1]
            if name.startswith("["):
                out.update(DESC.findall(name))
            else:
                out.add(name)
        elif e[0] == "desc":
            out.update(DESC.findall(cp[e[1]][1]))
    _access, this_idx = struct.unpack(">HH", data[pos:pos + 4])
    pos += 6
    (nif,) = struct.unpack(">H", data[pos:pos + 2])
    pos += 2 + 2 * nif
    for _ in range(2):
        (n,) = struct.unpack(">H", data[pos:pos + 2])
        pos += 2
        for _ in range(n):
            (desc_idx,) = struct.unpack(">H", data[pos + 4:pos + 6])
            out.update(DESC.findall(cp[desc_idx][1]))
            (nattr,) = struct.unpack(">H", data[pos + 6:pos + 8])
            pos += 8
            for _ in range(nattr):
                (alen,) = struct.unpack(">I", data[pos + 2:pos + 6])
                pos += 6 + alen
    return cp[cp[this_idx][1]][1], out


def main(root):
    classes = {}
    for d, _, files in os.walk(root):
        for f in files:
            if f.endswith(".class") and f != "module-info.class":
                path = os.path.join(d, f)
                classes[os.path.relpath(path, root)[:-6].replace(os.sep, "/")] = path
    problems = []
    for name, path in sorted(classes.items()):
        try:
            this, rs = refs(open(path, "rb").read())
        except ValueError as e:
            problems.append("%s: %s" % (name, e))
            continue
        if this != name:
            problems.append("%s declares %s" % (name, this))
        for r in sorted(rs):
            if r not in classes:
                problems.append("%s references %s, which classlib does not define" % (name, r))
    for p in problems:
        print("closure: " + p)
    print("closure: %d classes checked, %d problems" % (len(classes), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
