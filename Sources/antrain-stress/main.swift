import AntrainEvents
import Foundation

// antrain-stress: the other process of the reliability tests (issue 6). It appends, contends,
// reads and subscribes on a log and reports each step on stdout, one line per step, written
// unbuffered, so that a parent that kills it with SIGKILL still has every line it wrote.
//
// Exit status: 0 done, 1 an error or a broken invariant (stderr says which), 2 bad arguments,
// 3 a timeout.

let usage = """
    usage: antrain-stress write --log DIR --stream-prefix P --count N [--batch K] [--segment-size BYTES] [--pause-ms MS] [--hold-at N --hold-until FILE]
           antrain-stress contend --log DIR --streams S --appends N [--tasks T] [--batch K] [--prefix P]
                                  [--segment-size BYTES] [--wait-lock SECONDS]
           antrain-stress read --log DIR --until RECORDS [--timeout SECONDS]
           antrain-stress subscribe --log DIR --count RECORDS [--timeout SECONDS] [--poll MS]
    """

do {
    var arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    switch arguments.mode {
    case "write": try await WriteMode(&arguments).run()
    case "contend": try await ContendMode(&arguments).run()
    case "read": try await ReadMode(&arguments).run()
    case "subscribe": try await SubscribeMode(&arguments).run()
    case "help", "--help", "-h": Output.line(usage)
    default: throw UsageError(message: "unknown mode '\(arguments.mode)'")
    }
} catch let error as UsageError {
    Output.error(error.message)
    Output.write(usage + "\n", to: 2)
    exit(2)
} catch {
    Output.error("\(error)")
    exit(1)
}
