/// A host name as ``LinkScanner`` resolves it from the labels it read: its ASCII (IDNA) and
/// Unicode forms and what the Public Suffix List says of it. A pure function of how the labels
/// were written, so the scanner remembers it for the hosts it met last.
struct ResolvedHost: Sendable, Equatable {
  /// How many written names a scanner remembers before it forgets them all and starts again.
  static var remembered: Int { 64 }
  /// The ASCII form (punycode for internationalised labels).
  let ascii: String
  /// The Unicode form.
  let unicode: String
  /// The public suffix (`co.uk`).
  let suffix: String
  /// The public suffix and the label before it.
  let registrableDomain: String
}
