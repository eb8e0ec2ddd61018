#!/usr/bin/env bash
# Compiles every ```swift block of README.md, Documentation/*.md and the DocC articles
# (Sources/*/*.docc/*.md), so the docs never show code that does not build.
#
# Each block becomes one target of a scratch package in .build/snippets that depends on this
# package by path, as a user's package would (through a link named ExpandablePreview: a path
# dependency's identity is its folder's name):
#   - a block that imports Testing, XCTest or ExpandablePreviewTesting is a test target, any
#     other block a library target;
#   - a block with no declaration at its top level is wrapped in a function, so statements
#     (`let`, `try`, `print`) compile; its imports move above the function.
# `#sourceLocation` lines point the compiler back at the document: `README.md:120:5: error: …`.
#
# A block starting with `// swift-tools-version` is a whole Package.swift. It gets a folder of
# its own where its path or URL dependencies point at this checkout (keeping their identity), a
# stub file for each target (with the folders it excludes or copies), and
# `swift package show-dependencies`, which fails unless the manifest compiles and every package
# and product it names exists.
#
# A block whose line before is `<!-- snippet: run -->` is a whole program: an executable
# target (its code is main.swift) that is built and then run in a scratch folder; it must exit
# 0. The DocC articles use it for their runnable examples, so CI runs a client of the public
# API with one import.
#
# A block is skipped only when the line before it is `<!-- snippet: fragment -->`; skipped
# blocks are listed. The scratch package keeps its build folder, so a rerun takes seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
work=.build/snippets
mkdir -p "$work/deps"
ln -sfn ../../.. "$work/deps/ExpandablePreview"

shopt -s nullglob
documents=(README.md Documentation/*.md Sources/*/*.docc/*.md)
shopt -u nullglob

# Writes the scratch package and the manifests' folders. Prints one line per block:
# "compile FILE:LINE", "manifest FILE:LINE FOLDER" or "fragment FILE:LINE".
plan=$(perl -CSD -e '
use strict;
use warnings;
my ($work, @documents) = @ARGV;
my $absoluteWork = `cd "$work" && pwd`;
chomp $absoluteWork;
my %products = map { $_ => 1 } qw(ExpandablePreview ExpandablePreviewGolden ExpandablePreviewTesting ExpandablePreviewEngine);
my $declaration = qr/^(?:@|(?:(?:public|private|fileprivate|internal|package|final|open)\s+)*(?:struct|class|enum|extension|func|protocol|actor|typealias)\b)/;
my (@targets, %kept);

# Leaves a file untouched when its text is the same, so the build stays incremental.
sub write_if_changed {
  my ($path, $text) = @_;
  if (open(my $in, "<", $path)) { local $/; my $old = <$in>; close $in; return if $old eq $text; }
  (my $folder = $path) =~ s{/[^/]*$}{};
  system("mkdir", "-p", $folder) == 0 or die "cannot create $folder\n";
  open(my $out, ">", $path) or die "cannot write $path: $!\n";
  print $out $text;
  close $out;
}

# The identity SwiftPM gives a dependency: the last path component, without ".git".
sub dependency {
  my ($location) = @_;
  $location =~ s{/+$}{};
  $location =~ s{\.git$}{};
  my ($identity) = $location =~ m{([^/]+)$};
  return ".package(path: \"$absoluteWork/deps/$identity\")";
}

sub manifest {
  my ($name, $code) = @_;
  my $folder = "$work/manifests/$name";
  system("rm", "-rf", "$folder/Sources", "$folder/Tests");
  my @lines = map {
    my $line = $_;
    unless ($line =~ m{^\s*//}) {
      $line =~ s{\.package\(\s*(?:path|url):\s*"([^"]*)"[^)]*\)}{dependency($1)}ge;
    }
    $line;
  } split(/\n/, $code, -1);
  my $text = join("\n", @lines) . "\n";
  write_if_changed("$folder/Package.swift", $text);
  my @chunks = split(/\.(target|testTarget|executableTarget)\(/, $text);
  shift @chunks;
  while (my ($kind, $chunk) = splice(@chunks, 0, 2)) {
    my ($target) = $chunk =~ /name:\s*"([^"]+)"/ or next;
    my ($path) = $chunk =~ /\bpath:\s*"([^"]+)"/;
    $path //= ($kind eq "testTarget" ? "Tests" : "Sources") . "/$target";
    my $file = $kind eq "executableTarget" ? "main.swift" : "$target.swift";
    write_if_changed("$folder/$path/$file", "// A stub: the snippet check only loads this manifest.\n");
    my @folders;
    push @folders, $1 =~ /"([^"]+)"/g if $chunk =~ /exclude:\s*\[([^\]]*)\]/;
    push @folders, $chunk =~ /\.(?:copy|process)\(\s*"([^"]+)"/g;
    write_if_changed("$folder/$path/$_/.keep", "") for @folders;
  }
  return $folder;
}

sub snippet {
  my ($name, $document, $line, $code) = @_;
  my @lines = split(/\n/, $code, -1);
  my @modules = map { /^import\s+(\w+)/ ? ($1) : () } @lines;
  my $isTest = grep { /^(Testing|XCTest|ExpandablePreviewTesting)$/ } @modules;
  my @dependencies = map { ".product(name: \"$_\", package: \"ExpandablePreview\")" }
    grep { $products{$_} } @modules;
  my $source;
  if (grep { /$declaration/ } @lines) {
    $source = "#sourceLocation(file: \"$document\", line: $line)\n$code\n#sourceLocation()\n";
  } else {
    my ($imports, $body) = ("", "");
    for my $index (0 .. $#lines) {
      if ($lines[$index] =~ /^import\s/) {
        $imports .= "#sourceLocation(file: \"$document\", line: " . ($line + $index) . ")\n";
        $imports .= "$lines[$index]\n";
        $body .= "\n";
      } else {
        $body .= "$lines[$index]\n";
      }
    }
    $source = "${imports}#sourceLocation()\nfunc snippet() async throws {\n"
      . "#sourceLocation(file: \"$document\", line: $line)\n$body#sourceLocation()\n}\n";
  }
  my $folder = ($isTest ? "Tests" : "Sources") . "/$name";
  $kept{$folder} = 1;
  write_if_changed("$work/$folder/$name.swift", $source);
  push @targets, sprintf("    .%s(\n      name: \"%s\", dependencies: [%s],\n      path: \"%s\"),",
    $isTest ? "testTarget" : "target", $name, join(", ", @dependencies), $folder);
}

sub runnable {
  my ($name, $document, $line, $code) = @_;
  my @modules = map { /^import\s+(\w+)/ ? ($1) : () } split(/\n/, $code, -1);
  my @dependencies = map { ".product(name: \"$_\", package: \"ExpandablePreview\")" }
    grep { $products{$_} } @modules;
  my $folder = "Runnables/$name";
  $kept{$folder} = 1;
  write_if_changed("$work/$folder/main.swift",
    "#sourceLocation(file: \"$document\", line: $line)\n$code\n#sourceLocation()\n");
  push @targets, sprintf("    .executableTarget(\n      name: \"%s\", dependencies: [%s],\n      path: \"%s\"),",
    $name, join(", ", @dependencies), $folder);
}

for my $document (@documents) {
  open(my $in, "<", $document) or die "cannot read $document: $!\n";
  my @lines = <$in>;
  close $in;
  chomp @lines;
  (my $stem = $document) =~ s{^.*/|\.md$}{}g;
  $stem =~ s/[^A-Za-z0-9]//g;
  my ($count, $fence, $isSwift, $indent, $start, @code) = (0, undef, 0, "", 0);
  my $previous = "";
  for my $index (0 .. $#lines) {
    my $text = $lines[$index];
    if (defined $fence) {
      if ($text =~ /^\s*\Q$fence\E\s*$/) {
        undef $fence;
        next unless $isSwift;
        my $where = "$document:$start";
        if ($previous =~ /^\s*<!--\s*snippet:\s*fragment\s*-->\s*$/) {
          print "fragment $where\n";
          next;
        }
        $count += 1;
        my $name = "Snippet$stem$count";
        my $code = join("\n", @code);
        if ($previous =~ /^\s*<!--\s*snippet:\s*run\s*-->\s*$/) {
          runnable($name, $document, $start, $code);
          print "compile $where\n";
          print "run $where $name\n";
        } elsif ($code =~ m{\A\s*// swift-tools-version}) {
          print "manifest $where ", manifest($name, $code), "\n";
        } else {
          snippet($name, $document, $start, $code);
          print "compile $where\n";
        }
      } elsif ($isSwift) {
        (my $stripped = $text) =~ s/^\Q$indent\E//;
        push @code, $stripped;
      }
      next;
    }
    if ($text =~ /^(\s*)(```+|~~~+)\s*(\S*)/) {
      ($indent, $fence, $isSwift, $start, @code) = ($1, $2, $3 eq "swift", $index + 2);
      $previous = "";
      for (my $back = $index - 1; $back >= 0; $back--) {
        if ($lines[$back] =~ /\S/) { $previous = $lines[$back]; last; }
      }
    }
  }
  die "$document: a code block is never closed\n" if defined $fence;
}

# Folders of blocks that no longer exist would still be built: remove them.
for my $kind ("Sources", "Tests", "Runnables") {
  for my $folder (glob("$work/$kind/*")) {
    (my $relative = $folder) =~ s{^\Q$work\E/}{};
    system("rm", "-rf", $folder) unless $kept{$relative};
  }
}
write_if_changed("$work/Package.swift", join("\n",
  "// swift-tools-version:6.0",
  "// Generated by Scripts/check-snippets.sh: one target per ```swift block of the docs.",
  "import PackageDescription",
  "",
  "let package = Package(",
  "  name: \"Snippets\",",
  "  dependencies: [.package(path: \"deps/ExpandablePreview\")],",
  "  targets: [",
  @targets,
  "  ]",
  ")",
  ""));
' "$work" "${documents[@]}")

status=0
compiled=$(grep -c '^compile ' <<<"$plan" || true)
manifests=$(grep -c '^manifest ' <<<"$plan" || true)
while read -r kind where folder; do
  case $kind in
  fragment) echo "check-snippets: skipped $where (marked as a fragment)" ;;
  manifest)
    if ! output=$(swift package show-dependencies --package-path "$folder" 2>&1); then
      echo "$where: error: this Package.swift does not load (checked in $folder):"
      echo "$output" | grep -v '^warning: prohibited flag' | sed 's/^/  /'
      status=1
    fi
    ;;
  esac
done <<<"$plan"

if [ "$compiled" -gt 0 ]; then
  # The package is a path dependency through a link, so SwiftPM's cached build manifest does not
  # see files added to it since the last run: build the manifest anew (it costs a second or two).
  if ! output=$(swift build --build-tests --disable-build-manifest-caching --package-path "$work" 2>&1); then
    # Errors carry the document's file and line, thanks to #sourceLocation.
    echo "$output" | grep -E -A6 'error:' | grep -v '^warning: prohibited flag' | head -80
    failing=$(echo "$output" | grep -oE '^[^ :]+\.md:[0-9]+' | sort -u | tr '\n' ' ')
    echo "check-snippets: a Swift snippet does not compile${failing:+: $failing}(scratch package: $work)"
    status=1
  fi
fi
runs=0
if [ "$status" -eq 0 ]; then
  while read -r kind where name; do
    [ "$kind" = run ] || continue
    runs=$((runs + 1))
    folder=$(mktemp -d)
    program="$(pwd)/$work/.build/debug/$name"
    if ! output=$(cd "$folder" && "$program" 2>&1); then
      echo "$where: error: this program did not exit 0:"
      echo "$output" | sed 's/^/  /'
      status=1
    fi
    rm -rf "$folder"
  done <<<"$plan"
fi
if [ "$status" -eq 0 ]; then
  echo "check-snippets: $runs programs run, $compiled Swift snippets compile, $manifests Package.swift manifests load"
fi
exit "$status"
