use super::*;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sg-safe-write-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn leftovers(d: &Path) -> Vec<String> {
    std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp"))
        .collect()
}

#[test]
fn replaces_a_regular_file_keeping_its_mode() {
    let d = dir("regular");
    let p = d.join("a.txt");
    std::fs::write(&p, "old").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
    }
    write_atomic(&p, b"new").unwrap();
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "new");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&p).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
    }
    assert!(leftovers(&d).is_empty());
    write_atomic(&d.join("sub/new.txt"), b"x").unwrap();
    assert_eq!(std::fs::read_to_string(d.join("sub/new.txt")).unwrap(), "x");
}

#[test]
fn a_failed_fill_leaves_the_old_file_and_no_temporary() {
    let d = dir("fail");
    let p = d.join("a.txt");
    std::fs::write(&p, "old").unwrap();
    let e = write_atomic_with(&p, |w| {
        w.write_all(b"half")?;
        Err(std::io::Error::new(
            std::io::ErrorKind::StorageFull,
            "No space left on device",
        ))
    })
    .unwrap_err()
    .to_string();
    assert!(e.contains("a.txt") && e.contains("No space left"), "{e}");
    assert!(e.contains("the old file is unchanged"), "{e}");
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "old");
    assert!(leftovers(&d).is_empty());
}

#[cfg(unix)]
#[test]
fn symlinks_are_followed_and_kept() {
    let d = dir("link");
    let target = d.join("real.txt");
    std::fs::write(&target, "old").unwrap();
    std::os::unix::fs::symlink("real.txt", d.join("link.txt")).unwrap();
    std::os::unix::fs::symlink(d.join("link.txt"), d.join("link2.txt")).unwrap();
    write_atomic(&d.join("link2.txt"), b"new").unwrap();
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
    for l in ["link.txt", "link2.txt"] {
        let m = std::fs::symlink_metadata(d.join(l)).unwrap();
        assert!(m.file_type().is_symlink(), "{l} is still a link");
    }
    // A dangling link: its target is created.
    std::os::unix::fs::symlink("later.txt", d.join("dangling")).unwrap();
    write_atomic(&d.join("dangling"), b"x").unwrap();
    assert_eq!(std::fs::read_to_string(d.join("later.txt")).unwrap(), "x");
    // A loop is an error, not a hang.
    std::os::unix::fs::symlink("loop2", d.join("loop1")).unwrap();
    std::os::unix::fs::symlink("loop1", d.join("loop2")).unwrap();
    let e = write_atomic(&d.join("loop1"), b"x")
        .unwrap_err()
        .to_string();
    assert!(e.contains("loop1") && e.contains("symbolic links"), "{e}");
}

#[cfg(unix)]
#[test]
fn fifos_and_folders_are_refused_and_left_alone() {
    use std::os::unix::fs::FileTypeExt;
    let d = dir("special");
    let fifo = d.join("fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    std::os::unix::fs::symlink(&fifo, d.join("to-fifo")).unwrap();
    for p in [fifo.clone(), d.join("to-fifo")] {
        let e = write_atomic(&p, b"x").unwrap_err().to_string();
        assert!(
            e.contains(&*fifo.to_string_lossy()) && e.contains("FIFO") && e.contains("refusing"),
            "{e}"
        );
        let e = open_append(&p).unwrap_err().to_string();
        assert!(e.contains("FIFO"), "{e}");
    }
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    let sub = d.join("folder");
    std::fs::create_dir(&sub).unwrap();
    let e = write_atomic(&sub, b"x").unwrap_err().to_string();
    assert!(e.contains("a directory"), "{e}");
    assert!(sub.is_dir());
    assert!(leftovers(&d).is_empty());
}

#[test]
fn write_through_names() {
    for p in ["/dev/stdout", "/dev/stderr", "/dev/fd/1", "/proc/self/fd/2"] {
        assert!(is_write_through(Path::new(p)), "{p}");
    }
    for p in [
        "/dev/null",
        "/dev/fd/",
        "/dev/fd/x",
        "stdout",
        "/dev/stdout2",
    ] {
        assert!(!is_write_through(Path::new(p)), "{p}");
    }
}

#[test]
fn kept_files_are_never_streams() {
    for p in ["/dev/stdout", "/dev/fd/1", "-"] {
        let e = check_kept(&[("--out", Path::new("o.txt")), ("--journal", Path::new(p))])
            .unwrap_err()
            .to_string();
        assert!(e.starts_with(&format!("--journal {p}: a journal")), "{e}");
    }
    assert!(check_kept(&[("--journal", Path::new("runs/x.journal"))]).is_ok());
}

#[test]
fn append_follows_links_and_creates() {
    let d = dir("append");
    let p = d.join("new/j.txt");
    let mut f = open_append(&p).unwrap();
    f.write_all(b"a").unwrap();
    drop(f);
    let mut f = open_append(&p).unwrap();
    f.write_all(b"b").unwrap();
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "ab");
}
