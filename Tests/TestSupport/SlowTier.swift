import Testing

extension Tag {
  /// The slow tier: tests that spawn the built binary, start servers, inject faults, compare with
  /// another implementation or read whole corpora. `Scripts/test fast` runs everything else;
  /// `Scripts/test slow` runs only these (CI runs the two, one after the other).
  @Tag public static var slow: Self
}

extension Trait where Self == TimeLimitTrait {
  /// The bound on one slow test (each case of a parameterised one): far above what a test takes,
  /// since the suite runs on two cores shared with builds, so that only a hang trips it.
  public static var slowTimeLimit: Self { .timeLimit(.minutes(10)) }
}
