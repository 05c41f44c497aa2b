/// The outcome of checking one settings value: the value, or the message that says why not.
enum Check<Value> {
    case ok(Value)
    case bad(String)
}
