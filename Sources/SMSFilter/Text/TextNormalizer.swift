import Foundation

/// Normalises text for matching, identically for messages, keywords and regex literals.
///
/// The steps, in order, for each character:
/// 1. Compatibility decomposition (NFKD): full-width `Ｗ` → `W`, ligatures, `①` → `1`.
/// 2. Removal of invisible characters: format characters (zero-width space and joiners, soft
///    hyphen, bidi marks) and other default-ignorable code points (variation selectors).
/// 3. Removal of the combining diacritical marks of Latin, Greek and Cyrillic (U+0300–U+036F), so
///    `código` and `codigo` match alike. Marks of other scripts (Devanagari vowel signs, …) stay.
/// 4. Lower-casing (with `ß` → `ss` and final `ς` → `σ`, as case folding does).
/// 5. White space of any kind collapsed to one ASCII space; control characters count as space.
/// 6. Look-alike folding: in a word that mixes Latin with Cyrillic or Greek letters (or a wholly
///    Cyrillic/Greek look-alike word amid Latin text), the look-alikes become the Latin letters
///    they imitate (`Ассоunt` → `account`), and ``NormalizedText/hasMixedScriptWord`` is set.
///
/// Pure ASCII text takes a fast path (steps 4 and 5 only).
public enum TextNormalizer {
  /// Normalises `text` and returns the result as a string (a convenience for keywords and tests).
  public static func normalize(_ text: String) -> String {
    var buffer = NormalizedText()
    normalize(text, into: &buffer)
    return buffer.string
  }

  /// Normalises `text` into `buffer`, replacing what it held.
  ///
  /// - Parameters:
  ///   - text: the text to normalise.
  ///   - buffer: where the normalised text goes; what it held is replaced.
  ///   - trackingOffsets: also fill ``NormalizedText/sourceOffsets`` (for reporting spans in the
  ///     original text); off on the hot path.
  public static func normalize(
    _ text: String, into buffer: inout NormalizedText, trackingOffsets: Bool = false
  ) {
    var text = text
    text.withUTF8 { utf8 in
      normalize(utf8: utf8, into: &buffer, trackingOffsets: trackingOffsets)
    }
  }

  /// Normalises valid UTF-8 bytes into `buffer`.
  static func normalize(
    utf8: UnsafeBufferPointer<UInt8>, into buffer: inout NormalizedText, trackingOffsets: Bool
  ) {
    buffer.reset(trackingOffsets: trackingOffsets)
    if !trackingOffsets, isASCII(utf8) {
      normalizeASCII(utf8, into: &buffer)
      return
    }
    var state = State(trackingOffsets: trackingOffsets)
    ScalarFoldingTable.shared.withStorage { table in
      var index = 0
      let count = utf8.count
      while index < count {
        let byte = utf8[index]
        if byte &- 0x61 < 26 {
          // A run of lower-case ASCII letters, appended at once: what `emitASCII` does for each.
          var end = index &+ 1
          while end < count && utf8[end] &- 0x61 < 26 { end &+= 1 }
          state.emitLowerCaseLetters(UnsafeBufferPointer(rebasing: utf8[index..<end]), source: index, into: &buffer)
          index = end
          continue
        }
        if byte < 0x80 {
          state.emitASCII(byte, source: index, into: &buffer)
          index += 1
          continue
        }
        let (scalar, length) = decodeScalar(utf8, at: index)
        state.emitNonASCII(scalar, source: index, table: table, into: &buffer)
        index += length
      }
    }
    state.endWord(into: &buffer)
    // Trim one trailing space left by collapsing.
    if buffer.bytes.last == 0x20 {
      buffer.bytes.removeLast()
      if trackingOffsets { buffer.sourceOffsets.removeLast() }
    }
  }

  /// Whether every byte is ASCII, eight bytes at a time.
  @inline(__always)
  static func isASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = utf8.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var index = 0
    let count = utf8.count
    var accumulated: UInt64 = 0
    while index &+ 8 <= count {
      accumulated |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      index &+= 8
    }
    while index < count {
      accumulated |= UInt64(base[index])
      index &+= 1
    }
    return accumulated & 0x8080_8080_8080_8080 == 0
  }

  /// The ASCII fast path: lower-case letters, collapse white space and controls to one space,
  /// trim; written straight into the buffer's storage. ASCII has no look-alikes to fold.
  static func normalizeASCII(_ utf8: UnsafeBufferPointer<UInt8>, into buffer: inout NormalizedText) {
    // Copy the bytes in (a memcpy), then rewrite them in place: the write index never passes
    // the read index, since collapsing only ever shortens the text.
    buffer.bytes.append(contentsOf: utf8)
    let count = utf8.count
    let written = buffer.bytes.withUnsafeMutableBufferPointer { bytes -> Int in
      guard let base = bytes.baseAddress else { return 0 }
      // Pass 1 (vectorisable, no branches): lower-case, and note control characters.
      var irregular: UInt8 = 0
      for index in 0..<count {
        let byte = base[index]
        base[index] = byte | (((byte &- 0x41) < 26 ? 1 : 0) << 5)
        irregular |= (byte < 0x20 ? 1 : 0) | (byte == 0x7F ? 1 : 0)
      }
      // Pass 2 (vectorisable): white space that collapsing would change.
      if count > 0 { irregular |= (base[0] == 0x20 ? 1 : 0) | (base[count &- 1] == 0x20 ? 1 : 0) }
      if count > 1 {
        for index in 0..<(count &- 1) {
          irregular |= (base[index] == 0x20 ? 1 : 0) & (base[index &+ 1] == 0x20 ? 1 : 0)
        }
      }
      if irregular == 0 { return count }
      // Rare: collapse runs of white space and controls to one space, and trim.
      var write = 0
      var lastWasSpace = true
      for read in 0..<count {
        let byte = base[read]
        if byte <= 0x20 || byte == 0x7F {
          if !lastWasSpace {
            base[write] = 0x20
            write &+= 1
            lastWasSpace = true
          }
        } else {
          base[write] = byte
          write &+= 1
          lastWasSpace = false
        }
      }
      if write > 0, base[write &- 1] == 0x20 { write &-= 1 }
      return write
    }
    buffer.bytes.removeLast(count - written)
  }

  /// Decodes the scalar starting at `index` in valid UTF-8.
  @inline(__always)
  static func decodeScalar(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
    let b0 = UInt32(utf8[index])
    if b0 < 0xE0, index + 1 < utf8.count {
      return (((b0 & 0x1F) << 6) | (UInt32(utf8[index + 1]) & 0x3F), 2)
    }
    if b0 < 0xF0, index + 2 < utf8.count {
      return (
        ((b0 & 0x0F) << 12) | ((UInt32(utf8[index + 1]) & 0x3F) << 6)
          | (UInt32(utf8[index + 2]) & 0x3F), 3
      )
    }
    if index + 3 < utf8.count {
      return (
        ((b0 & 0x07) << 18) | ((UInt32(utf8[index + 1]) & 0x3F) << 12)
          | ((UInt32(utf8[index + 2]) & 0x3F) << 6) | (UInt32(utf8[index + 3]) & 0x3F), 4
      )
    }
    return (0xFFFD, 1)
  }

  /// The running state of one normalisation: white-space collapsing and the current word.
  struct State {
    let trackingOffsets: Bool
    var lastWasSpace = true  // drops leading space
    var wordStart = 0
    var wordHasLatin = false
    /// The word holds a Latin letter written as plain ASCII, not one folded from another scalar
    /// (`è` → `e`, `Ｗ` → `w`): only such a letter beside Cyrillic or Greek makes a word mixed
    /// script. Macedonian `Сè` (Cyrillic `С`, Latin `è`) is ordinary spelling, `Ассоunt` a
    /// look-alike.
    var wordHasPlainLatin = false
    /// Set while the ASCII bytes of a folded non-ASCII scalar are appended.
    var emittingFolded = false
    var wordHasLookAlikeScript = false
    var wordHasOtherScript = false
    var latinLetters = 0
    var lookAlikeLetters = 0

    init(trackingOffsets: Bool) { self.trackingOffsets = trackingOffsets }

    @inline(__always)
    mutating func append(_ byte: UInt8, source: Int, into buffer: inout NormalizedText) {
      buffer.bytes.append(byte)
      if trackingOffsets { buffer.sourceOffsets.append(Int32(truncatingIfNeeded: source)) }
    }

    /// Appends a run of lower-case ASCII letters starting at `source`: ``emitASCII(_:source:into:)``
    /// for each, at once.
    @inline(__always)
    mutating func emitLowerCaseLetters(
      _ letters: UnsafeBufferPointer<UInt8>, source: Int, into buffer: inout NormalizedText
    ) {
      buffer.bytes.append(contentsOf: letters)
      if trackingOffsets {
        for offset in 0..<letters.count { buffer.sourceOffsets.append(Int32(truncatingIfNeeded: source &+ offset)) }
      }
      wordHasLatin = true
      wordHasPlainLatin = true
      latinLetters &+= letters.count
      lastWasSpace = false
    }

    @inline(__always)
    mutating func emitASCII(_ byte: UInt8, source: Int, into buffer: inout NormalizedText) {
      switch byte {
      case 0x41...0x5A:  // A-Z
        append(byte | 0x20, source: source, into: &buffer)
        wordHasLatin = true
        if !emittingFolded { wordHasPlainLatin = true }
        latinLetters &+= 1
        lastWasSpace = false
      case 0x61...0x7A:  // a-z
        append(byte, source: source, into: &buffer)
        wordHasLatin = true
        if !emittingFolded { wordHasPlainLatin = true }
        latinLetters &+= 1
        lastWasSpace = false
      case 0x30...0x39, 0x5F:  // digits, underscore: part of a word
        append(byte, source: source, into: &buffer)
        lastWasSpace = false
      case 0x00...0x20, 0x7F:  // white space and controls
        endWord(into: &buffer)
        if !lastWasSpace {
          append(0x20, source: source, into: &buffer)
          lastWasSpace = true
        }
        wordStart = buffer.bytes.count
      default:  // punctuation ends a word
        endWord(into: &buffer)
        append(byte, source: source, into: &buffer)
        lastWasSpace = false
        wordStart = buffer.bytes.count
      }
    }

    mutating func emitNonASCII(
      _ scalar: UInt32, source: Int, table: ScalarFoldingTable.Storage, into buffer: inout NormalizedText
    ) {
      if let entry = table.entry(for: scalar) {
        emit(entry.bytes, kind: entry.kind, source: source, into: &buffer)
      } else if let kind = ScalarFoldingTable.identityKind(scalar) {
        // The scalar itself, UTF-8 encoded in a value (no allocation). Scalars in the identity
        // ranges are valid, so both unwraps hold.
        emit(UTF8.encode(Unicode.Scalar(scalar)!)!, kind: kind, source: source, into: &buffer)
      } else if let jamo = ScalarFoldingTable.hangulJamo(of: scalar) {
        // Letters of one script (kind empty), each UTF-8 encoded in a value; jamo are valid
        // scalars, so the unwraps hold.
        emit(UTF8.encode(Unicode.Scalar(jamo.leading)!)!, kind: [], source: source, into: &buffer)
        emit(UTF8.encode(Unicode.Scalar(jamo.vowel)!)!, kind: [], source: source, into: &buffer)
        if let trailing = jamo.trailing {
          emit(UTF8.encode(Unicode.Scalar(trailing)!)!, kind: [], source: source, into: &buffer)
        }
      } else {
        let (bytes, kind) = buffer.foldedScalar(scalar)
        emit(bytes, kind: kind, source: source, into: &buffer)
      }
    }

    @inline(__always)
    mutating func emit(
      _ mapped: some Collection<UInt8>, kind: ScalarKind, source: Int,
      into buffer: inout NormalizedText
    ) {
      if kind.contains(.space) {
        emitASCII(0x20, source: source, into: &buffer)
        return
      }
      if kind.contains(.asciiOnly) {
        emittingFolded = true
        for byte in mapped { emitASCII(byte, source: source, into: &buffer) }
        emittingFolded = false
        return
      }
      if mapped.isEmpty { return }
      if kind.contains(.separator) { endWord(into: &buffer) }
      if mapped.allSatisfy({ $0 >= 0x80 }) {
        // No ASCII byte (the letters of other scripts): appended at once, as `emitMixed`
        // would append them one by one.
        buffer.bytes.append(contentsOf: mapped)
        if trackingOffsets {
          for _ in 0..<mapped.count { buffer.sourceOffsets.append(Int32(truncatingIfNeeded: source)) }
        }
        lastWasSpace = false
      } else {
        emitMixed(mapped, source: source, into: &buffer)
      }
      if kind.contains(.separator) {
        wordStart = buffer.bytes.count
      } else if kind.contains(.lookAlikeScript) {
        wordHasLookAlikeScript = true
        lookAlikeLetters &+= 1
      } else {
        wordHasOtherScript = true
      }
    }

    /// Appends a mapping with ASCII bytes among others: the ASCII bytes (a space in U+FE78's
    /// "space + mark", a digit in "½") go through the ASCII rules, so white space collapses
    /// and trims like any other.
    mutating func emitMixed(_ mapped: some Collection<UInt8>, source: Int, into buffer: inout NormalizedText) {
      emittingFolded = true
      defer { emittingFolded = false }
      for byte in mapped {
        if byte < 0x80 {
          emitASCII(byte, source: source, into: &buffer)
        } else {
          append(byte, source: source, into: &buffer)
          lastWasSpace = false
        }
      }
    }

    /// Closes the current word, folding look-alikes if it mixes scripts.
    mutating func endWord(into buffer: inout NormalizedText) {
      defer {
        wordHasLatin = false
        wordHasPlainLatin = false
        wordHasLookAlikeScript = false
        wordHasOtherScript = false
        wordStart = buffer.bytes.count
      }
      guard wordHasLookAlikeScript, !wordHasOtherScript else { return }
      let mixed = wordHasLatin
      guard mixed || latinLetters > lookAlikeLetters else { return }
      // The look-alikes fold as before (the text the keywords and the model see is unchanged),
      // but only a plain ASCII letter makes the word mixed script.
      if foldLookAlikes(from: wordStart, in: &buffer), mixed, wordHasPlainLatin {
        buffer.hasMixedScriptWord = true
      }
    }

    /// Replaces Cyrillic and Greek look-alikes in `buffer.bytes[start...]` by Latin letters, in
    /// place, if every Cyrillic/Greek letter of the word has a Latin look-alike.
    func foldLookAlikes(from start: Int, in buffer: inout NormalizedText) -> Bool {
      let end = buffer.bytes.count
      guard start < end else { return false }
      // First check that every two-byte Greek/Cyrillic letter has a look-alike.
      var index = start
      while index < end {
        let byte = buffer.bytes[index]
        if byte >= 0xCE && byte <= 0xD4, index + 1 < end {
          let scalar = (UInt32(byte & 0x1F) << 6) | UInt32(buffer.bytes[index + 1] & 0x3F)
          if LookAlikes.latin(for: scalar) == nil { return false }
          index += 2
        } else {
          index += 1
        }
      }
      var read = start
      var write = start
      while read < end {
        let byte = buffer.bytes[read]
        if byte >= 0xCE && byte <= 0xD4, read + 1 < end {
          let scalar = (UInt32(byte & 0x1F) << 6) | UInt32(buffer.bytes[read + 1] & 0x3F)
          buffer.bytes[write] = LookAlikes.latin(for: scalar) ?? 0x3F
          if trackingOffsets { buffer.sourceOffsets[write] = buffer.sourceOffsets[read] }
          read += 2
        } else {
          buffer.bytes[write] = byte
          if trackingOffsets { buffer.sourceOffsets[write] = buffer.sourceOffsets[read] }
          read += 1
        }
        write += 1
      }
      buffer.bytes.removeSubrange(write..<end)
      if trackingOffsets { buffer.sourceOffsets.removeSubrange(write..<end) }
      return true
    }
  }
}
