// The binary interface between the verification runner (a small executable
// built with warpsynth) and the glue code that warpsynth generates next to
// every record in a batch's shared object (compiled at run time against
// Warp's native headers).
//
// The runner cannot include Warp's headers: they are found at run time, not at
// build time. So everything that depends on Warp's types (the `wp_args_*`
// structs, `wp::array_t`, vector and matrix layouts) lives in the glue, and the
// runner only sees plain C structs: a flat description of each kernel
// argument, and buffers it owns. This file is compiled into the runner AND
// written verbatim into every batch unit (it is embedded into ws_verify as
// text), so both sides agree on it by construction. Plain C only, and never
// the tokens `int (` or `float (`: the batch unit's preamble defines
// function-like macros with those names (Python's casts) before including it.
#ifndef WS_VERIFY_ABI_H
#define WS_VERIFY_ABI_H

// In a batch unit, Warp's headers (built with WP_NO_CRT) have already
// declared size_t and the fixed-width integers themselves, and the C library's
// headers would clash with them.
#ifndef WS_ABI_NO_STD_HEADERS
#include <stddef.h>
#include <stdint.h>
#endif

#define WS_ABI_VERSION 2
#define WS_MAX_ARGS 64
#define WS_MAX_COMPS 64 // scalar components of one element (mat44 = 16, spatial matrix = 36)
#define WS_MAX_DIMS 4

// Scalar component types. The glue classifies every element type into these.
enum ws_scalar {
    WS_F16 = 1,
    WS_F32,
    WS_F64,
    WS_I8,
    WS_U8,
    WS_I16,
    WS_U16,
    WS_I32,
    WS_U32,
    WS_I64,
    WS_U64,
    WS_BOOL,
    WS_BF16,
};

enum ws_arg_kind {
    WS_VALUE = 1,       // passed by value (scalar, vector, matrix, struct without arrays)
    WS_ARRAY = 2,       // wp::array_t<T>
    WS_UNSUPPORTED = 3, // something the runner cannot build (indexed/fabric arrays, structs with arrays)
};

typedef struct ws_comp {
    int32_t offset; // byte offset inside the element
    int32_t scalar; // enum ws_scalar
} ws_comp;

// One kernel argument, in the order of the kernel's parameters.
typedef struct ws_arg_desc {
    int32_t kind;      // enum ws_arg_kind
    int32_t elem_size; // bytes of one element (the value itself for WS_VALUE)
    int32_t ncomp;     // scalar components of one element
    ws_comp comps[WS_MAX_COMPS];
} ws_arg_desc;

// How the synthesizer (or the inference for extracted kernels) wants the
// argument filled; baked into the glue from the record's LaunchSpec.
typedef struct ws_arg_spec {
    const char* name;
    int32_t ndim; // array dimensions, 0 for values
    int64_t shape[WS_MAX_DIMS];
    double min_value, max_value; // inputs drawn uniformly from [min, max]
    int32_t is_output;           // written by the kernel
} ws_arg_spec;

// One launch, as the runner asks the glue to perform it. Pointers are owned by
// the runner. For WS_VALUE arguments data[i] points at elem_size bytes.
typedef struct ws_call {
    int32_t launch_ndim;
    int64_t dim[WS_MAX_DIMS];
    int32_t nargs;
    void* data[WS_MAX_ARGS]; // primal: array data or the value's bytes
    void* adj[WS_MAX_ARGS];  // adjoint: array data or the value's bytes (backward only)
} ws_call;

typedef struct ws_record_entry {
    const char* id;     // the record's id
    const char* kernel; // kernel name as it appears in the generated code (maybe hashed)
    int32_t nargs;
    const ws_arg_spec* specs; // nargs entries
    int32_t launch_ndim;
    int64_t dim[WS_MAX_DIMS];
    // Fills descs[0..nargs); returns 0 on success.
    int32_t (*describe)(ws_arg_desc* descs);
    void (*forward)(const ws_call* call);
    void (*backward)(const ws_call* call); // null without a backward pass
    // Builds the CUDA kernel parameters for the same launch: writes the args
    // struct(s) into `storage` (at most `capacity` bytes) and a pointer to the
    // launch bounds followed by one pointer per parameter into `params`.
    // Returns the number of parameters, or -1 if `capacity` is too small. Null when cuda_forward is.
    int32_t (*cuda_params)(const ws_call* call, int32_t backward, void* storage, size_t capacity,
                           void** params);
    // The CUDA entry names in the batch's PTX (renamed); null without CUDA code or a run on a device.
    const char* cuda_forward;
    const char* cuda_backward;
    const char* skip_reason;      // non-null: compiled only, not to be run (e.g. no usable launch shape)
    const char* grad_skip_reason; // non-null: run, but finite differences cannot check its adjoint
} ws_record_entry;

// Every batch shared object exports these two symbols.
#define WS_RECORDS_SYMBOL "ws_records"
#define WS_RECORD_COUNT_SYMBOL "ws_record_count"

#endif // WS_VERIFY_ABI_H
