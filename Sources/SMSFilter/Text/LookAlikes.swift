import Foundation

/// Cyrillic and Greek lower-case letters that imitate a Latin letter, after lower-casing.
enum LookAlikes {
  /// The ASCII Latin letter `scalar` imitates, if any.
  @inline(__always)
  static func latin(for scalar: UInt32) -> UInt8? {
    switch scalar {
    // Cyrillic
    case 0x430: return UInt8(ascii: "a")  // а
    case 0x432: return UInt8(ascii: "b")  // в (В)
    case 0x435, 0x451: return UInt8(ascii: "e")  // е ё
    case 0x43A: return UInt8(ascii: "k")  // к
    case 0x43C: return UInt8(ascii: "m")  // м (М)
    case 0x43D: return UInt8(ascii: "h")  // н (Н)
    case 0x43E: return UInt8(ascii: "o")  // о
    case 0x440: return UInt8(ascii: "p")  // р
    case 0x441: return UInt8(ascii: "c")  // с
    case 0x442: return UInt8(ascii: "t")  // т (Т)
    case 0x443, 0x4AF: return UInt8(ascii: "y")  // у ү
    case 0x445: return UInt8(ascii: "x")  // х
    case 0x456, 0x457: return UInt8(ascii: "i")  // і ї
    case 0x458: return UInt8(ascii: "j")  // ј
    case 0x455: return UInt8(ascii: "s")  // ѕ
    case 0x4BB: return UInt8(ascii: "h")  // һ
    case 0x4CF: return UInt8(ascii: "l")  // ӏ
    case 0x501: return UInt8(ascii: "d")  // ԁ
    case 0x51B: return UInt8(ascii: "q")  // ԛ
    case 0x51D: return UInt8(ascii: "w")  // ԝ
    // Greek
    case 0x3B1: return UInt8(ascii: "a")  // α
    case 0x3B2: return UInt8(ascii: "b")  // β
    case 0x3B5: return UInt8(ascii: "e")  // ε
    case 0x3B6: return UInt8(ascii: "z")  // ζ (Ζ)
    case 0x3B7: return UInt8(ascii: "h")  // η (Η)
    case 0x3B9: return UInt8(ascii: "i")  // ι
    case 0x3BA: return UInt8(ascii: "k")  // κ
    case 0x3BC: return UInt8(ascii: "m")  // μ (Μ)
    case 0x3BD: return UInt8(ascii: "n")  // ν (Ν)
    case 0x3BF: return UInt8(ascii: "o")  // ο
    case 0x3C1: return UInt8(ascii: "p")  // ρ
    case 0x3C4: return UInt8(ascii: "t")  // τ
    case 0x3C5: return UInt8(ascii: "y")  // υ (Υ)
    case 0x3C7: return UInt8(ascii: "x")  // χ
    default: return nil
    }
  }
}
