// The hot event types' way into their columns (see FastBinaryDecodable): each a concrete
// call of the column's own append, where a generic one copied every value through its
// type's value witnesses.
import Foundation

extension SetLogged {
    static func decodeBinary(_ bytes: UnsafeRawBufferPointer, metadata: EventMetadata,
                             into columns: inout EventColumns) throws(CodecError) {
        columns.visit(try decodeBinary(bytes), metadata)
    }
}

extension SetCorrected {
    static func decodeBinary(_ bytes: UnsafeRawBufferPointer, metadata: EventMetadata,
                             into columns: inout EventColumns) throws(CodecError) {
        columns.visit(try decodeBinary(bytes), metadata)
    }
}

extension ExerciseAddedToWorkout {
    static func decodeBinary(_ bytes: UnsafeRawBufferPointer, metadata: EventMetadata,
                             into columns: inout EventColumns) throws(CodecError) {
        columns.visit(try decodeBinary(bytes), metadata)
    }
}

extension WorkoutStarted {
    static func decodeBinary(_ bytes: UnsafeRawBufferPointer, metadata: EventMetadata,
                             into columns: inout EventColumns) throws(CodecError) {
        columns.visit(try decodeBinary(bytes), metadata)
    }
}

extension WorkoutRPERecorded {
    static func decodeBinary(_ bytes: UnsafeRawBufferPointer, metadata: EventMetadata,
                             into columns: inout EventColumns) throws(CodecError) {
        columns.visit(try decodeBinary(bytes), metadata)
    }
}

extension WorkoutCompleted {
    static func decodeBinary(_ bytes: UnsafeRawBufferPointer, metadata: EventMetadata,
                             into columns: inout EventColumns) throws(CodecError) {
        columns.visit(try decodeBinary(bytes), metadata)
    }
}

extension FoodLogged {
    static func decodeBinary(_ bytes: UnsafeRawBufferPointer, metadata: EventMetadata,
                             into columns: inout EventColumns) throws(CodecError) {
        columns.visit(try decodeBinary(bytes), metadata)
    }
}

extension BodyweightRecorded {
    static func decodeBinary(_ bytes: UnsafeRawBufferPointer, metadata: EventMetadata,
                             into columns: inout EventColumns) throws(CodecError) {
        columns.visit(try decodeBinary(bytes), metadata)
    }
}
