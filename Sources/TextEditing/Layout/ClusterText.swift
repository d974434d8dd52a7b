extension String {
    /// The text of a run of clusters (a layout's `characters[range]`), written in one allocation.
    /// `String(_:)` over a slice of `Character`s goes through the generic sequence path and
    /// appends them one at a time, several times slower, on the visible text of every frame.
    public init(clusters: ArraySlice<Character>) {
        var count = 0
        for cluster in clusters { count += cluster.utf8.count }
        self.init(unsafeUninitializedCapacity: count) { buffer in
            var written = 0
            for cluster in clusters {
                for byte in cluster.utf8 {
                    buffer[written] = byte
                    written += 1
                }
            }
            return written
        }
    }
}
