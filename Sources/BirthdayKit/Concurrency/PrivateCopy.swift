/// `text` in storage of its own (not shared with `text`): a worker thread's copy of a string
/// every record reads, so that threads do not fight over its reference count.
func privateCopy(_ text: String) -> String {
  String(decoding: Array(text.utf8), as: UTF8.self)
}
