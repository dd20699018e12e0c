# Profile-guided optimisation (GCC), for the programs that make data (ws_data_program).
#
# With WS_PGO=ON the build is made twice. First an instrumented warpsynth, in pgo/instrumented:
# this same source tree as an ExternalProject with WS_PGO_INSTRUMENT set, which compiles every
# object with counters. cmake/pgo-train.sh runs it on training work, and the counts it leaves in
# pgo/profile steer the second, real build: every object is compiled with -fprofile-use (branch
# layout, inlining and unrolling where the counts say time goes) and the data programs are linked
# with link-time optimisation. The output of every program is the same; only speed changes
# (issue 13: about +15-20% kernels/s in wall time, measured in the closing note).
#
# -fprofile-prefix-path makes the profile's file names relative to each build folder, so the
# counts of pgo/instrumented/src/x.cpp.o are found by the object of the same name here. Every
# target waits for the training (ws_pgo_profile); when sources change, the instrumented build is
# rebuilt and retrained first, so the counts always match the code being compiled.
option(WS_PGO "Release builds: profile-guided optimisation and LTO of the data programs (GCC; \
builds an instrumented copy and trains it first)" OFF)
set(WS_PGO_INSTRUMENT "" CACHE PATH "Internal (the first half of WS_PGO): write profile counts here")

if(WS_PGO_INSTRUMENT)
  add_compile_options(-fprofile-generate=${WS_PGO_INSTRUMENT} -fprofile-prefix-path=${CMAKE_BINARY_DIR}
                      -fprofile-update=prefer-atomic)
  add_link_options(-fprofile-generate)
elseif(WS_PGO)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU" OR WS_SANITIZE OR WS_FUZZ)
    message(FATAL_ERROR "WS_PGO=ON needs GCC and no sanitizers")
  endif()
  include(ExternalProject)
  set(ws_pgo ${CMAKE_BINARY_DIR}/pgo)
  set(ws_pgo_warpsynth ${ws_pgo}/instrumented/src/cli/warpsynth)
  ExternalProject_Add(ws_pgo_instrumented
    SOURCE_DIR ${PROJECT_SOURCE_DIR}
    BINARY_DIR ${ws_pgo}/instrumented
    CMAKE_ARGS -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE} -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
               -DCMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER}
               -DWS_BUILD_TESTS=OFF -DWS_BUILD_BENCH=OFF -DWS_PGO_INSTRUMENT=${ws_pgo}/profile
    BUILD_COMMAND ${CMAKE_COMMAND} --build <BINARY_DIR> --target warpsynth
    BUILD_ALWAYS ON
    BUILD_BYPRODUCTS ${ws_pgo_warpsynth}
    INSTALL_COMMAND "")
  add_custom_command(
    OUTPUT ${ws_pgo}/trained
    COMMAND bash ${PROJECT_SOURCE_DIR}/cmake/pgo-train.sh ${ws_pgo_warpsynth} ${ws_pgo}/profile
            ${ws_pgo}/train ${PROJECT_SOURCE_DIR}
    COMMAND ${CMAKE_COMMAND} -E touch ${ws_pgo}/trained
    DEPENDS ws_pgo_instrumented ${ws_pgo_warpsynth} ${PROJECT_SOURCE_DIR}/cmake/pgo-train.sh
    COMMENT "Training the instrumented warpsynth for the profile-guided build (cmake/pgo-train.sh)")
  add_custom_target(ws_pgo_profile DEPENDS ${ws_pgo}/trained)
  # Objects carry both LTO bytecode and machine code (fat): the data programs link with LTO, and
  # every other program (the tests) links the machine code as it is (ws_pgo_apply), since LTO on
  # a link that does not ask for it (GCC's default with such objects) would cost minutes.
  # Code the training never ran (a construct of some real repository) keeps -O3's optimisation
  # instead of being made small: -fprofile-partial-training (+2.5% kernels/s on tests/corpus).
  add_compile_options(-fprofile-use=${ws_pgo}/profile -fprofile-prefix-path=${CMAKE_BINARY_DIR}
                      -Wno-missing-profile -fprofile-partial-training -flto=auto -ffat-lto-objects)
  # GCC's warnings that follow the optimiser's inlining (use-after-free and the like) change with
  # the profile, so a new training case could fail the build of unrelated code on a false
  # positive: here they are warnings, not errors. The plain build (and clang's sanitizer build)
  # keeps them errors.
  add_compile_options(-Wno-error=use-after-free -Wno-error=maybe-uninitialized
                      -Wno-error=array-bounds -Wno-error=dangling-pointer -Wno-error=free-nonheap-object)
  # GCC's wrappers index the bytecode of archive members; plain ar would leave LTO only the
  # objects named on the link line.
  set(CMAKE_AR ${CMAKE_CXX_COMPILER_AR})
  set(CMAKE_RANLIB ${CMAKE_CXX_COMPILER_RANLIB})
endif()

# For every target defined in DIR and below: wait for the training run, and link without LTO
# unless it is a data program (ws_data_program). Does nothing unless WS_PGO=ON.
function(ws_pgo_apply dir)
  if(NOT TARGET ws_pgo_profile)
    return()
  endif()
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    if(NOT type STREQUAL "UTILITY" AND NOT type STREQUAL "INTERFACE_LIBRARY")
      add_dependencies(${target} ws_pgo_profile)
    endif()
    get_target_property(data_program ${target} WS_DATA_PROGRAM)
    if(type STREQUAL "EXECUTABLE" AND NOT data_program)
      target_link_options(${target} PRIVATE -fno-lto)
    endif()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(subdir IN LISTS subdirs)
    ws_pgo_apply(${subdir})
  endforeach()
endfunction()
