/// Per-thread classification: owns its matcher, so calls take no lock. Not thread-safe: use one
/// session per thread (sessions of one classifier may run in parallel).
///
/// ```swift
/// let session = classifier.makeSession()
/// for query in queries { results.append(session.classify(query)) }
/// ```
public final class ClassificationSession {
  /// The classifier this session uses.
  public let classifier: Classifier
  let matcher: RuleMatcher

  init(classifier: Classifier) {
    self.classifier = classifier
    self.matcher = classifier.makeMatcher()
  }

  /// Classifies one message with the compiled matcher.
  public func classify(_ query: MessageQuery) -> Decision {
    query.withInput { classifier.decide($0, matcher) }
  }

  /// Classifies a message whose body is given as UTF-8 bytes, without building a `String`: the
  /// fastest path for streaming input. Returns `nil` when the bytes are not valid UTF-8.
  ///
  /// - Parameters:
  ///   - utf8Body: the body's bytes.
  ///   - sender: the sender, when known.
  ///   - receiverISOCountryCode: the receiver's country, when known.
  public func classify(
    utf8Body: UnsafeBufferPointer<UInt8>, sender: String? = nil, receiverISOCountryCode: String? = nil
  ) -> Decision? {
    guard UTF8Validation.isValid(utf8Body) else { return nil }
    return classifier.decide(
      MessageInput(body: utf8Body, sender: sender, receiverISOCountryCode: receiverISOCountryCode), matcher)
  }

  /// Classifies a message whose body's bytes the caller has already checked to be UTF-8 (a JSON
  /// reader that validated them while parsing), without checking them again.
  ///
  /// - Parameters:
  ///   - validUTF8Body: the body's bytes, valid UTF-8 (checked by an assertion in debug builds).
  ///   - sender: the sender, when known.
  ///   - receiverISOCountryCode: the receiver's country, when known.
  package func classify(
    validUTF8Body: UnsafeBufferPointer<UInt8>, sender: String?, receiverISOCountryCode: String?
  ) -> Decision {
    assert(UTF8Validation.isValid(validUTF8Body), "the body is not valid UTF-8")
    return classifier.decide(
      MessageInput(body: validUTF8Body, sender: sender, receiverISOCountryCode: receiverISOCountryCode), matcher)
  }

  /// How many times PCRE2 ran for the last message this session classified (its regexes that
  /// the automaton's literals let through): what the benchmark averages.
  package var regexRunsOfLastMessage: Int { matcher.state.regexRuns }

  /// Classifies one message by evaluating every rule in decision order without the automaton or
  /// the regex prefilter. The result is always the same as ``classify(_:)``; this exists as the
  /// reference the compiled matcher is tested against and as the benchmark's baseline.
  public func classifyNaively(_ query: MessageQuery) -> Decision {
    query.withInput { classifier.decide($0, matcher, naively: true) }
  }

  /// Every rule that matches the message, with spans, and the decision (see
  /// ``Classifier/explain(_:)``), with this session's matcher.
  public func explain(_ query: MessageQuery) -> Explanation {
    classifier.explain(query, with: matcher)
  }
}
