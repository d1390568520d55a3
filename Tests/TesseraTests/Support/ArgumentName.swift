import Tessera

/// The argument a throwing call names, or `nil` when it does not throw.
func argumentName(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let TesseraError.invalidArgument(argument, _) {
        return argument
    } catch {
        return "unexpected \(error)"
    }
}
