/// Values worked out lately, kept in two generations: when the newer holds `limit` entries, it
/// becomes the older and the older is dropped; a value found in the older is carried into the
/// newer. So what a stream keeps asking about stays, even when it asks about a little more than
/// `limit` keys in turn, where one table emptied when full makes every lookup of such a stream
/// a miss (the 4,700 hosts of `corpus/`, read over and over, against 4,096 entries).
///
/// For values that depend on their key alone (a host's look-alike verdict, a word's skeleton, a
/// scalar's folding), so keeping or dropping one never changes an answer, only what it costs. At
/// most `2 × limit` entries are held.
struct RecentValues<Key: Hashable, Value> {
  private var newer: [Key: Value] = [:]
  private var older: [Key: Value] = [:]
  /// The entries a generation holds before it is retired.
  let limit: Int
  /// Lookups answered, and lookups that found nothing (for the tests and the README's figures).
  private(set) var hits = 0
  private(set) var misses = 0

  /// The entries held, in both generations.
  var heldCount: Int { newer.count + older.count }

  /// An empty cache of generations of `limit` entries.
  init(limit: Int) {
    precondition(limit > 0, "a generation holds at least one entry")
    self.limit = limit
  }

  /// The value remembered for `key`, if any (carried into the newer generation when found in
  /// the older).
  mutating func value(for key: Key) -> Value? {
    if let value = newer[key] {
      hits &+= 1
      return value
    }
    guard let value = older[key] else {
      misses &+= 1
      return nil
    }
    hits &+= 1
    remember(value, for: key)
    return value
  }

  /// Remembers `value` for `key`, retiring the newer generation first when it is full.
  mutating func remember(_ value: Value, for key: Key) {
    if newer.count >= limit {
      swap(&older, &newer)
      newer.removeAll(keepingCapacity: true)
    }
    newer[key] = value
  }
}

extension RecentValues: Sendable where Key: Sendable, Value: Sendable {}
